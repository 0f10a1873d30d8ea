import type { Page } from 'playwright-core';

/** A tool as the page's document.modelContext.getTools() lists it (less its window). */
export interface ListedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  annotations?: { readOnlyHint?: boolean };
}

/** What a tool's execute resolved to, as executeTool() hands it back (MCP's CallToolResult). */
export interface ToolResult {
  content: Array<{ type: string; text: string }>;
  structuredContent?: unknown;
  isError?: boolean;
}

/**
 * The page's tools once those named are registered: read at once, then again on each toolchange event (the
 * listener is set before each read, so a change between the read and the wait is not missed).
 */
export function waitForTools(page: Page, names: string[]): Promise<ListedTool[]> {
  return page.evaluate(async (wanted) => {
    const context = document.modelContext!;
    for (;;) {
      const changed = new Promise((resolve) => context.addEventListener('toolchange', resolve, { once: true }));
      const tools = await context.getTools();
      if (wanted.every((name) => tools.some((t) => t.name === name))) {
        return tools.map(({ name, title, description, inputSchema, annotations }) => ({
          name,
          title,
          description,
          inputSchema,
          annotations,
        }));
      }
      await changed;
    }
  }, names) as Promise<ListedTool[]>;
}

/** Starts executeTool(tool, input) in the page, as an agent in the browser calls a tool; resolves to its result. */
export function executeTool(page: Page, name: string, input: object): Promise<ToolResult> {
  return page.evaluate(
    async ([name, input]) => {
      const tool = (await document.modelContext!.getTools()).find((t) => t.name === name);
      if (!tool) throw new Error(`no tool ${name} on ${location.pathname}`);
      return JSON.parse((await document.modelContext!.executeTool(tool, input)) ?? 'null');
    },
    [name, input] as const,
  );
}
