import { toTwinParts } from '../../documents/to-twin-front-matter.ts';
import { describe, expect, it } from 'vitest';
import { BASE_URL, DIST, readTestContent } from '../helpers/built-site.ts';
import { readBuilt } from '../helpers/dist-files.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { PATHS, toTwinPath, UNLISTED_PAGES } from '../../facts/paths.ts';
import { LLMS_TXT_MAX_CHARS, toFeedbackGuidance, toTokenEstimate } from '../../documents/to-llms-txt.ts';
import { readLlmsFileSet, toFullPages, toListedPages, toLlmsProblems } from '../helpers/llms-index-rules.ts';

// The llms.txt reference parser (llmstxt.org, AnswerDotAI/llms-txt miniparse.py), in JavaScript.
const HEAD = /^#\s*(?<title>.+?)$\n+(?:^>\s*(?<summary>.+?)$)?\n+(?<info>[\s\S]*)/m;
const LINK = /^-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<desc>.*))?$/;

function parseLlms(text: string) {
  const [head = '', ...rest] = text.split(/^##\s*(.*?)$/m);
  const sections: Record<string, string[]> = {};
  for (let i = 0; i < rest.length; i += 2) sections[rest[i]!] = rest[i + 1]!.split('\n').filter((l) => l.trim());
  return { head: HEAD.exec(head)?.groups, sections };
}
const urlsOf = (lines: string[] = []) => lines.map((l) => LINK.exec(l)?.groups?.url ?? '');
const pathOf = (url: string) => url.slice(BASE_URL.length);

const root = readBuilt('/llms.txt');
const parsedRoot = parseLlms(root);
// Section files (llms.txt path scoping), as the root links them: the second hop to a twin.
const sectionFiles = urlsOf(parsedRoot.sections.Sections).map((url) => ({ url, text: readBuilt(pathOf(url)) }));
const files = [{ url: `${BASE_URL}/llms.txt`, text: root }, ...sectionFiles];
// Every page: the docs pages and the MCP endpoint's page (what a GET of /mcp answers), each linked by its twin; not
// the pages that are no docs (the operator's).
const pages = listFiles(DIST)
  .filter((f) => f.endsWith('.html') && f !== '404.html')
  .map(toPagePathOfHtmlFile)
  .filter((path) => !UNLISTED_PAGES.includes(path));

describe('/llms.txt (llmstxt.org)', () => {
  const { head, sections } = parsedRoot;

  it('opens with the H1 and a one-line blockquote', () => {
    expect(root.startsWith('# Warden\n\n> ')).toBe(true);
    expect(head?.title).toBe('Warden');
    expect(head?.summary).toMatch(/jail/);
  });

  it('says when to use the service and gives developer resources and machine-readable addresses before the H2s', () => {
    expect(head?.info).toMatch(/Use it when:/);
    expect(head?.info).toMatch(/Developer resources:/);
    expect(head?.info).toMatch(/Machine-readable addresses:/);
    for (const path of [
      '/openapi.json',
      '/.well-known/api-catalog',
      '/.well-known/oauth-protected-resource',
      '/mcp/tools.json',
      '/api/health',
      '/mcp/docs',
      '/mcp/docs/server-card',
    ]) {
      expect(head?.info).toContain(`${BASE_URL}${path}`);
    }
    // The docs MCP server is named where the docs' search is, with its tools, as needing no sign-in.
    expect(head?.info).toContain(
      `or from an MCP client at ${BASE_URL}/mcp/docs (the docs MCP server: \`search_docs\`, \`read_docs_page\`, no sign-in)`,
    );
    expect(head?.info).not.toMatch(/^#{1,6}\s/m);
  });

  it("ends its page lists with Feedback: one item linking the discovery page's Feedback section, the guidance its note", async () => {
    const { site } = await readTestContent();
    const [item, ...more] = sections.Feedback ?? [];
    expect(more).toEqual([]);
    expect(LINK.exec(item ?? '')?.groups).toEqual({
      title: 'Report a page that is wrong',
      url: `${BASE_URL}${toTwinPath(PATHS.discoveryDoc)}#feedback`,
      desc: toFeedbackGuidance(site),
    });
    expect(toFeedbackGuidance(site)).toContain(`POST ${BASE_URL}${PATHS.feedback} `);
    expect(readBuilt(toTwinPath(PATHS.discoveryDoc))).toMatch(/^## Feedback$/m);
  });

  it('has only link items under its H2 sections, each with a note', () => {
    expect(Object.keys(sections).length).toBeGreaterThanOrEqual(2);
    for (const [name, lines] of Object.entries(sections)) {
      for (const line of lines) expect(LINK.exec(line)?.groups?.desc, `${name}: ${line}`).toBeTruthy();
    }
  });
});

describe('every llms.txt file', () => {
  it.each(files.map((f) => [pathOf(f.url), f.text] as const))('%s: parses, and stays within the 50,000-character budget', (_path, text) => {
    const { head, sections } = parseLlms(text);
    expect(head?.title).toMatch(/^Warden/);
    expect(head?.summary).toBeTruthy();
    for (const [name, lines] of Object.entries(sections))
      for (const line of lines) expect(LINK.exec(line), `${name}: ${line}`).not.toBeNull();
    expect(text.length).toBeLessThanOrEqual(LLMS_TXT_MAX_CHARS);
  });

  it("links every page's markdown twin, at most two hops from /llms.txt", () => {
    const linked = new Set(files.flatMap((f) => Object.values(parseLlms(f.text).sections).flatMap(urlsOf)));
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) expect(linked, page).toContain(`${BASE_URL}${toTwinPath(page)}`);
  });

  it.each(sectionFiles.map((f) => [pathOf(f.url), f.text] as const))(
    '%s: lists only pages under its path, and the root gives its page count and size',
    (path, text) => {
      const folder = path.replace(/\/llms(-\d+)?\.txt$/, '');
      const twins = Object.entries(parseLlms(text).sections)
        .filter(([name]) => name !== 'Optional')
        .flatMap(([, lines]) => urlsOf(lines));
      for (const twin of twins) expect(pathOf(twin).startsWith(`${folder}/`), twin).toBe(true);
      const entry = parsedRoot.sections.Sections!.find((l) => l.includes(`](${BASE_URL}${path})`))!;
      expect(entry).toContain(`: ${twins.length} pages, about ${toTokenEstimate(text).toLocaleString('en-US')} tokens.`);
    },
  );
});

describe('the llms files of the build', () => {
  const set = readLlmsFileSet(DIST, BASE_URL);

  it('keep every rule: each file within its budget, each linked from /llms.txt (or listing parts it links), every twin two links away', () => {
    expect(set.pages).toContain(PATHS.mcpEndpointPage);
    expect(toLlmsProblems(set, set.pages)).toEqual([]);
  });

  it('hold every page in exactly one llms-full.txt, the one beside the file that lists it, in its order', () => {
    const held = [...set.full.values()].flatMap(toFullPages);
    expect(held.sort()).toEqual(set.pages.map((p) => `${BASE_URL}${p}`).sort());
    for (const [path, text] of set.llms) {
      const listed = toListedPages(text, BASE_URL);
      if (listed.length === 0) continue;
      // Beside it: llms-full.txt in the folder of llms.txt, llms-full-<n>.txt beside llms-<n>.txt; and the file links it.
      const beside = path.replace(/llms(-\d+)?\.txt$/, (_, n = '') => `llms-full${n}.txt`);
      const fullUrl = urlsOf(parseLlms(text).sections.Optional).find((u) => /\/llms-full(-\d+)?\.txt$/.test(u));
      expect(fullUrl, path).toBe(`${BASE_URL}${beside}`);
      expect(toFullPages(set.full.get(beside) ?? ''), path).toEqual(listed);
    }
  });
});

describe('llms-full.txt', () => {
  it.each(files.map((f) => [pathOf(f.url), f.text] as const))('%s: its llms-full.txt holds the twins it lists, in order', (_path, text) => {
    const { sections } = parseLlms(text);
    const fullUrl = urlsOf(sections.Optional).find((u) => u.endsWith('/llms-full.txt'))!;
    const full = readBuilt(pathOf(fullUrl));
    let at = 0;
    for (const [name, lines] of Object.entries(sections)) {
      if (name === 'Optional' || name === 'Sections' || name === 'Feedback') continue;
      for (const url of urlsOf(lines)) {
        const title = toTwinParts(readBuilt(pathOf(url))).body.split('\n')[0]!;
        const found = full.indexOf(title, at);
        expect(found, url).toBeGreaterThanOrEqual(at);
        at = found;
      }
    }
  });
});
