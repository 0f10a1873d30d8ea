// The page's WebMCP tools (loaded only where document.modelContext exists): docs search and page reading on every
// page, feedback where an edge takes it, and each Warden tool the page shows (its Try it panel, or the Try it page's
// sign-in: data-webmcp-tools).
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

// The answer of GET /api/search, ranked in the page by the search box's engine, so it answers wherever the site is served.
const search: WebMcpTool = {
  ...tools.search,
  async execute(input) {
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
};

const read: WebMcpTool = {
  ...tools.read,
  async execute(input, options) {
    const page = await readDocsPage(String(input.path ?? ''), options?.signal);
    if (page.ok) return text(page.markdown);
    return text(page.missing ? `${page.message} ${tools.search.name} finds the page that answers a question.` : page.message, true);
  },
};

// A static host has no edge to take a report: the tool is offered only where one answered the page.
const feedback: WebMcpTool[] = hasEdge() ? [{ ...tools.feedback, execute: submitFeedback }] : [];

const shown = new Set(
  [...document.querySelectorAll<HTMLElement>('[data-webmcp-tools]')].flatMap((el) => (el.dataset.webmcpTools ?? '').split(' ')),
);
const warden = tools.warden
  .filter((tool) => shown.has(tool.name))
  .map((tool): WebMcpTool => {
    const { name, title, description, inputSchema, annotations } = tool;
    return { name, title, description, inputSchema, annotations, execute: (input, options) => callWardenTool(tool, input, options) };
  });

for (const tool of [search, read, ...feedback, ...warden]) {
  // A registration the browser refuses leaves the page as it was: the tool is simply not offered.
  void Promise.resolve(document.modelContext?.registerTool(tool)).catch((error: Error) =>
    console.warn(`WebMCP: ${tool.name} not registered: ${error.message}`),
  );
}
