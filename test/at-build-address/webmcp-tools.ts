import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWebMcpTools } from '../../documents/to-webmcp-tools.ts';
import { getFreePort } from '../../harness/free-port.ts';
import { launchChromium, WEBMCP_FLAG } from '../../harness/chromium.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { validateWith } from '../helpers/ajv.ts';
import { readTestContent } from '../helpers/built-site.ts';
import { startTestDeployment, type TestDeployment } from '../helpers/test-deployment.ts';
import { watchProblems } from '../helpers/browser/browser.ts';
import { runAgenticAudits, toFailures } from '../helpers/browser/lighthouse.ts';
import { executeTool, type ListedTool, waitForTools } from '../helpers/browser/webmcp.ts';
import { getOperatorToken, readReports } from '../helpers/operator-api.ts';

// The docs site's WebMCP tools in Chromium with WebMCP on, over the shared test build served where its links point by
// the Node edge, with the sandbox behind it (test/at-build-address runs one suite at a time): what getTools() lists, and what
// executeTool() returns next to what the doors answer. The Warden tools are called signed out here (try-it.ts
// calls them signed in). Then Lighthouse's Agentic Browsing category, over the DevTools port of the same browser, once
// per page: its AI Catalog audit reads the catalog the page names, at the build's base URL.
let deployment: TestDeployment;
let server: { url: string };
let browser: Browser;
let devtoolsPort: number;
let content: Awaited<ReturnType<typeof readTestContent>>;
describe('WebMCP', () => {
  beforeAll(async () => {
    [deployment, devtoolsPort, content] = await Promise.all([startTestDeployment(), getFreePort(), readTestContent()]);
    server = { url: deployment.baseUrl };
    browser = await launchChromium([WEBMCP_FLAG, `--remote-debugging-port=${devtoolsPort}`]);
  });
  afterAll(async () => {
    await browser?.close();
    await deployment?.close();
  });

  // The public names of the docs tools (content/docs-tools/), which agents and their instructions call them by.
  const WEBMCP_SEARCH = 'search_docs';
  const WEBMCP_READ = 'read_docs_page';
  // submit_feedback is there too: the edge answered the page (a static host's pages offer the other two).
  const WEBMCP_FEEDBACK = 'submit_feedback';
  const PAGE_TOOLS = [WEBMCP_SEARCH, WEBMCP_READ, WEBMCP_FEEDBACK];

  /** A new tab on `path`, its problems watched, once its tools named `names` are registered. */
  async function openWithTools(path: string, names: string[]): Promise<{ page: Page; tools: ListedTool[]; problems: string[] }> {
    const page = await browser.newPage({ baseURL: server.url });
    const watch = watchProblems(page);
    await page.goto(path);
    return { page, tools: await waitForTools(page, names), problems: watch.problems };
  }

  const text = async (path: string, accept?: string) =>
    (await fetch(new URL(path, server.url), { headers: accept ? { Accept: accept } : {} })).text();

  describe('WebMCP tools, with WebMCP on', () => {
    const warden = () => new Set(content.tools.map((t) => t.name));

    it('every page offers docs search and page reading; a tool page adds its tool; each schema is valid JSON Schema', async () => {
      const expected = toWebMcpTools(content);
      for (const [path, tools] of [
        ['/', []],
        ['/docs/overview', []],
        ['/docs/tools/get_run', ['get_run']],
        ['/docs/tools/start_run', ['start_run']],
      ] as const) {
        const { page, tools: listed, problems } = await openWithTools(path, [...PAGE_TOOLS, ...tools]);
        expect(listed.filter((t) => warden().has(t.name)).map((t) => t.name)).toEqual(tools);
        const ajv = new Ajv2020({ strict: false });
        for (const tool of listed) {
          expect(tool.description.length, tool.name).toBeGreaterThan(40);
          expect(ajv.validateSchema(tool.inputSchema ?? {}), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
        }
        const byName = new Map(listed.map((t) => [t.name, t]));
        for (const { name, description, inputSchema } of expected.docs)
          expect(byName.get(name)).toMatchObject({ description, inputSchema });
        expect(validateWith(byName.get(WEBMCP_SEARCH)!.inputSchema!, { q: 'sign in', limit: 2 })).toEqual([]);
        expect(byName.get(WEBMCP_FEEDBACK)).toMatchObject({ annotations: { readOnlyHint: false } });
        for (const name of tools) {
          const tool = content.tools.find((t) => t.name === name)!;
          expect(byName.get(name)).toMatchObject({
            inputSchema: tool.inputSchema,
            annotations: { readOnlyHint: tool.annotations.readOnlyHint },
          });
          expect(validateWith(byName.get(name)!.inputSchema!, tool.example.arguments)).toEqual([]);
        }
        expect(problems).toEqual([]);
        await page.close();
      }
    });

    it('the Try it page offers every Warden tool, as the one sign-in they all use is there', async () => {
      const { page, tools } = await openWithTools('/docs/try-it', [...PAGE_TOOLS, ...warden()]);
      expect(tools.filter((t) => warden().has(t.name)).length).toBe(content.tools.length);
      await page.close();
    });

    it('search_docs returns what GET /api/search returns for the same query, options and bad input alike', async () => {
      const { page } = await openWithTools('/docs/overview', PAGE_TOOLS);
      for (const [input, query] of [
        [{ q: 'what does -31403 mean' }, 'q=what+does+-31403+mean'],
        [{ q: 'sign in without a browser', limit: 2, section: '/docs' }, 'q=sign+in+without+a+browser&limit=2&section=%2Fdocs'],
      ] as const) {
        const result = await executeTool(page, WEBMCP_SEARCH, input);
        const api = JSON.parse(await text(`/api/search?${query}`, 'application/json'));
        expect(api.results.length).toBeGreaterThan(0);
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual(api);
        expect(JSON.parse(result.content[0]!.text)).toEqual(api);
      }
      const refused = await executeTool(page, WEBMCP_SEARCH, { q: 'runs', limit: 50 });
      const problem = JSON.parse(await text('/api/search?q=runs&limit=50'));
      expect(refused).toEqual({
        isError: true,
        content: [{ type: 'text', text: `${problem.code}: ${problem.detail}` }],
      });
      await page.close();
    });

    it("read_docs_page returns the twin's bytes; a missing page, another site or a non-docs path is a clear error", async () => {
      const { page } = await openWithTools('/docs/overview', PAGE_TOOLS);
      for (const [input, twin] of [
        ['/docs/connect-mcp', '/docs/connect-mcp.md'],
        [`${server.url}/docs/tools/get_run#try-it`, '/docs/tools/get_run.md'],
        ['/', '/index.md'],
      ]) {
        const result = await executeTool(page, WEBMCP_READ, { path: input });
        expect(result).toEqual({ content: [{ type: 'text', text: await text(twin!) }] });
      }
      const errors = await Promise.all(
        ['/docs/no-such-page', 'https://elsewhere.example/docs/overview', '/api/health'].map((path) =>
          executeTool(page, WEBMCP_READ, { path }),
        ),
      );
      expect(errors.map((e) => [e.isError, e.content[0]!.text])).toEqual([
        [true, `There is no page at /docs/no-such-page on this site. ${WEBMCP_SEARCH} finds the page that answers a question.`],
        [true, `https://elsewhere.example is another site: only pages of ${server.url} can be read here.`],
        [true, '/api/health is not a docs page: give the path of a page under /docs (or / for the home page).'],
      ]);
      await page.close();
    });

    it('submit_feedback sends a report on the page the agent names, from the WebMCP door, and says a refusal as the edge does', async () => {
      const { page, problems } = await openWithTools('/docs/overview', PAGE_TOOLS);
      const sent = await executeTool(page, WEBMCP_FEEDBACK, {
        page: `${server.url}/docs/overview`,
        helpful: false,
        kind: 'unclear',
        section: 'what-warden-governs',
        comment: 'The overview does not say which harnesses run inside the jail.',
        agent: 'Test agent 1.0',
      });
      expect(sent.isError).toBeFalsy();
      const receipt = sent.structuredContent as { id: string; status: string; status_url: string };
      expect(receipt).toEqual({
        id: expect.stringMatching(/^fb_[a-z2-7]{26}$/),
        status: 'new',
        status_url: `${server.url}/api/feedback/${receipt.id}`,
      });
      expect(JSON.parse(sent.content[0]!.text)).toEqual(receipt);
      const [report] = await readReports(deployment, await getOperatorToken(deployment), { source: 'webmcp' });
      expect(report).toMatchObject({
        id: receipt.id,
        page: '/docs/overview',
        source: 'webmcp',
        helpful: false,
        section: 'what-warden-governs',
        agent: 'Test agent 1.0',
      });
      const refused = await executeTool(page, WEBMCP_FEEDBACK, { page: '/docs/no-such-page', helpful: true });
      expect(refused).toEqual({
        isError: true,
        content: [{ type: 'text', text: 'feedback_page_unknown: page: /docs/no-such-page is not a page of these docs.' }],
      });
      // The refusal is the edge's 422, which the browser reports on its console; nothing else went wrong.
      expect(problems.filter((p) => !p.includes('422'))).toEqual([]);
      await page.close();
    });

    it('a Warden tool without a sign-in returns how to sign in, sends nothing and asks nothing', async () => {
      for (const [name, input] of [
        ['get_run', { run_id: 'run_demo_0001' }],
        ['start_run', { workflow_id: 'wf_dependency_upgrade' }],
      ] as const) {
        const { page } = await openWithTools(`/docs/tools/${name}`, [name]);
        const sent: string[] = [];
        page.on('request', (r) => sent.push(r.url()));
        const result = await executeTool(page, name, input);
        expect(result.isError).toBe(true);
        expect(result.content[0]!.text).toBe(
          `Not signed in: ${name} runs as the person signed in on this docs site, and no one is. Ask the person to open ` +
            `${server.url}/docs/tools/${name} and choose "Sign in to try" in its Try it panel (the Warden sign-in page ` +
            `opens and returns to the panel), then call ${name} again. Only the person can sign in.`,
        );
        expect(sent).toEqual([]);
        expect(await page.locator('dialog.webmcp-ask').count()).toBe(0);
        await page.close();
      }
    });
  });

  describe("Lighthouse's Agentic Browsing category", () => {
    // Every audit of the category passes, and none is "not applicable": some depend on the AI catalog
    // (/.well-known/ai-catalog.json) and on the search form's declarative WebMCP annotation.
    it.each(['/', '/docs/overview', '/docs/try-it'])(
      '%s: every audit passes',
      async (path) => {
        const audits = await runAgenticAudits(devtoolsPort, new URL(path, server.url).href);
        expect(audits.map((a) => a.id).sort()).toEqual(
          [
            'agent-accessibility-tree',
            'ard-schema',
            'cumulative-layout-shift',
            'llms-txt',
            'webmcp-form-coverage',
            'webmcp-registered-tools',
            'webmcp-schema-validity',
          ].sort(),
        );
        expect(toFailures(audits)).toEqual([]);
        expect(audits.find((a) => a.id === 'webmcp-registered-tools')!.said).toContain(WEBMCP_SEARCH);
      },
      120_000,
    );
  });
});
