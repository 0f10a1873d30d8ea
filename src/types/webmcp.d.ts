// The WebMCP API as the draft (W3C Web Machine Learning CG, "WebMCP") and Chromium's flag have it: the part the docs
// site uses. Not in TypeScript's DOM library yet.

/** An MCP CallToolResult: what a tool's execute resolves to, and what an agent reads. */
interface WebMcpToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: unknown;
  isError?: boolean;
}

/**
 * execute's second argument: the draft's ToolExecuteCallbackOptions (`signal`); earlier drafts passed a
 * ModelContextClient whose requestUserInteraction(callback) pauses the agent while the page asks the person.
 */
interface WebMcpExecuteOptions {
  signal?: AbortSignal;
  requestUserInteraction?: <T>(callback: () => Promise<T>) => Promise<T>;
}

interface WebMcpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  annotations?: { readOnlyHint?: boolean };
  execute(input: Record<string, unknown>, options?: WebMcpExecuteOptions): Promise<WebMcpToolResult>;
}

/** A tool as getTools() lists it (registered by a script, or declared by a form), for executeTool(). */
interface WebMcpRegisteredTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  annotations?: { readOnlyHint?: boolean };
  origin: string;
}

interface ModelContext extends EventTarget {
  registerTool(tool: WebMcpTool, options?: { signal?: AbortSignal }): Promise<void> | undefined;
  getTools(): Promise<WebMcpRegisteredTool[]>;
  /** Resolves to the JSON of what the tool's execute returned. */
  executeTool(tool: WebMcpRegisteredTool, input?: object, options?: { signal?: AbortSignal }): Promise<string | null>;
}

interface Document {
  /** Present only where the browser offers WebMCP (a secure context, with the feature on). */
  readonly modelContext?: ModelContext;
}

declare module 'virtual:warden/webmcp-tools' {
  const tools: import('../../documents/to-webmcp-tools.ts').WebMcpTools;
  export default tools;
}
