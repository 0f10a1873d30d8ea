// The page's WebMCP tools (loaded only where document.modelContext exists): the docs tools on every page, each with
// what runs it in the page, feedback where an edge takes it, and each Warden tool the page shows (its Try it panel, or
// the Try it page's sign-in: data-webmcp-tools).
import tools from 'virtual:warden/webmcp-tools';
import { callWardenTool } from './call-warden-tool.ts';
import { readDocsPage } from './read-docs-page.ts';
import { SearchQueryError, searchEngine } from '../search/search-engine.ts';
import { hasEdge } from '../feedback/edge.ts';
import { submitFeedback } from './submit-feedback.ts';

const text = (value: string, isError = false): WebMcpToolResult => ({
  content: [{ type: 'text', text: value }],
  ...(isError ? { isError } : {}),
});

/**
 * What runs each docs tool in the page, by name, in the order the page registers them: the search ranks in the page
 * from the site's index and the reading fetches twins, so both answer wherever the site is served, with or without
 * the edge. A docs tool with nothing here is offered by the docs MCP server alone.
 */
const EXECUTES: Record<string, WebMcpTool['execute']> = {
  // The answer of GET /api/search, ranked in the page by the search box's engine, so it answers wherever the site is served.
  search_docs(input) {
    const answer = searchEngine.answer(String(input.q ?? ''), {
      limit: input.limit as number | undefined,
      section: input.section as string | undefined,
    });
    return answer.then(
      (json): WebMcpToolResult => ({ content: [{ type: 'text', text: JSON.stringify(json) }], structuredContent: json }),
      // A refused query says what the endpoint's problem says: its code and detail; any other failure is the index's.
      (error: unknown) =>
        text(
          error instanceof SearchQueryError ? `${error.code}: ${error.message}` : 'The docs search index could not be read from this site.',
          true,
        ),
    );
  },
  async read_docs_page(input, options) {
    const page = await readDocsPage(String(input.path ?? ''), options?.signal);
    return page.ok ? text(page.markdown) : text(page.message, true);
  },
  submit_feedback: submitFeedback,
};

// A static host has no edge to take a report: submit_feedback is offered only where one answered the page.
const NEEDS_EDGE = new Set(['submit_feedback']);

const edge = hasEdge();
const docs = Object.entries(EXECUTES).flatMap(([name, execute]): WebMcpTool[] => {
  const tool = tools.docs.find((t) => t.name === name);
  return tool && (edge || !NEEDS_EDGE.has(name)) ? [{ ...tool, execute }] : [];
});

const shown = new Set(
  [...document.querySelectorAll<HTMLElement>('[data-webmcp-tools]')].flatMap((el) => (el.dataset.webmcpTools ?? '').split(' ')),
);
const warden = tools.warden
  .filter((tool) => shown.has(tool.name))
  .map((tool): WebMcpTool => {
    const { name, title, description, inputSchema, annotations } = tool;
    return { name, title, description, inputSchema, annotations, execute: (input, options) => callWardenTool(tool, input, options) };
  });

for (const tool of [...docs, ...warden]) {
  // A registration the browser refuses leaves the page as it was: the tool is simply not offered.
  void Promise.resolve(document.modelContext?.registerTool(tool)).catch((error: Error) =>
    console.warn(`WebMCP: ${tool.name} not registered: ${error.message}`),
  );
}
