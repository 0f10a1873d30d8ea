import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type HTMLElement, parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { BASE_URL, DIST } from '../helpers/built-site.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { toTwinPath } from '../../facts/paths.ts';
import { AGENT_LINKS } from '../../facts/agent-links.ts';
import { toTwinParts } from '../../documents/to-twin-front-matter.ts';

// Markdown escapes (turndown writes not\_found for not_found) do not change the text a reader sees.
const unescapeMarkdown = (s: string) => s.replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1');
const norm = (s: string) => unescapeMarkdown(s).replace(/\s+/g, ' ').trim();

/** What the twin of a page keeps of it: title, description, headings, code blocks and links. */
function toContentProblems(html: HTMLElement, twin: string): string[] {
  const problems: string[] = [];
  const plain = norm(twin);
  const h1 = html.querySelector('h1')?.text.trim();
  if (toTwinParts(twin).body.split('\n')[0] !== `# ${h1}`) problems.push(`first line after the front matter is not "# ${h1}"`);
  const description = html.querySelector('meta[name="description"]')?.getAttribute('content');
  if (description && !plain.includes(norm(description))) problems.push(`description missing: ${description}`);
  const body = html.querySelector('.sl-markdown-content');
  if (!body) return [...problems, 'no .sl-markdown-content in the HTML'];
  for (const h of body.querySelectorAll('h2, h3, h4, h5, h6')) {
    const level = Number(h.tagName[1]);
    if (!new RegExp(`^${'#'.repeat(level)} .+`, 'm').test(twin)) problems.push(`no level-${level} heading (for "${h.text}")`);
    if (!plain.replace(/`/g, '').includes(norm(h.text))) problems.push(`heading missing: ${h.text}`);
  }
  for (const pre of body.querySelectorAll('pre[data-language]')) {
    const lang = pre.getAttribute('data-language')!;
    const fence = `\`\`\`${lang === 'plaintext' ? 'text' : lang}`;
    if (!twin.includes(fence)) problems.push(`no ${fence} fence`);
    for (const line of pre.querySelectorAll('.ec-line').map((l) => l.text))
      if (line.trim() && !twin.includes(line)) problems.push(`code line missing: ${line}`);
  }
  for (const a of body.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href')!;
    if (href.startsWith('#') || a.closest('.sl-anchor-link')) continue;
    const absolute = href.startsWith('/') ? `${BASE_URL}${href.split('#')[0]}` : href;
    const asTwin = href.startsWith('/') ? `${BASE_URL}${toTwinPath(href.split('#')[0]!)}` : href;
    if (!twin.includes(`](${absolute}`) && !twin.includes(`](${asTwin}`)) problems.push(`link missing: ${href}`);
  }
  return problems;
}

/** The twin's front matter (title, description, canonical URL, last updated) says what its page's head says. */
function toFrontMatterProblems(path: string, html: HTMLElement, twin: string): string[] {
  if (!twin.startsWith('---\n')) return ['no front matter'];
  const problems: string[] = [];
  const { fields } = toTwinParts(twin);
  const script = html.querySelector('script[type="application/ld+json"]');
  if (!script) return ['no JSON-LD in the page'];
  const graph = JSON.parse(script.text) as {
    '@graph': { '@type': string; headline?: string; dateModified?: string; itemListElement?: { item: string }[] }[];
  };
  const article = graph['@graph'].find((n) => n['@type'] === 'TechArticle');
  if (fields.title !== article?.headline) problems.push(`title ${fields.title} is not the article's ${article?.headline}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(fields.last_updated)) || fields.last_updated !== article?.dateModified)
    problems.push(`last_updated ${fields.last_updated} is not the article's ${article?.dateModified}`);
  const canonical = html.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (fields.canonical_url !== canonical) problems.push(`canonical_url ${fields.canonical_url} is not ${canonical}`);
  const description = html.querySelector('meta[name="description"]')?.getAttribute('content');
  if (description && fields.description !== description.replace(/\s+/g, ' ').trim()) problems.push("description differs from the page's");
  const crumbs = graph['@graph'].find((n) => n['@type'] === 'BreadcrumbList')?.itemListElement;
  if (crumbs?.at(-1)?.item !== `${BASE_URL}${path}`) problems.push(`the last breadcrumb is ${crumbs?.at(-1)?.item}`);
  return problems;
}

/** What a twin must not carry: page chrome, anchor labels, leftover HTML/JSX, links relative to the site. */
function toChromeProblems(twin: string): string[] {
  const problems: string[] = [];
  if (/Section titled/.test(twin)) problems.push('an anchor label ("Section titled")');
  // Starlight chrome: skip link, table of contents, pagination and theme/search controls.
  const chrome = /Skip to content|On this page|^(Previous|Next)$|Select theme|Cancel ⌘K|Search\s*\n\s*Cancel/m.exec(twin);
  if (chrome) problems.push(`page chrome: ${JSON.stringify(chrome[0])}`);
  const outsideCode = twin.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const tag = /<\/?[A-Za-z][\w-]*[\s/>]/.exec(outsideCode);
  if (tag) problems.push(`leftover HTML/JSX: ${JSON.stringify(tag[0])}`);
  if (/\]\(\//.test(outsideCode)) problems.push('a link relative to the site');
  return problems;
}

/** The page's head links: its twin (rel=alternate), llms.txt (describedby), and every agent link. */
function toHeadLinkProblems(path: string, html: HTMLElement): string[] {
  const problems: string[] = [];
  const twin = html.querySelector('link[rel="alternate"][type="text/markdown"]')?.getAttribute('href');
  if (twin !== toTwinPath(path)) problems.push(`rel=alternate is ${twin}, not ${toTwinPath(path)}`);
  const describedby = html.querySelector('link[rel="describedby"]')?.getAttribute('href');
  if (describedby !== '/llms.txt') problems.push(`rel=describedby is ${describedby}`);
  for (const link of AGENT_LINKS) {
    const element = html.querySelector(`link[rel="${link.rel}"]`);
    const [href, type] = [element?.getAttribute('href'), element?.getAttribute('type')];
    if (href !== link.path || type !== link.type) problems.push(`rel=${link.rel} is ${href} (${type}), not ${link.path} (${link.type})`);
  }
  return problems;
}

// A markdown table row's cells; `\|` inside a cell is text, not a border.
const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/** The rows of the twin's tables with a Description column, and those of them that leave it blank. */
function toFieldRows(twin: string): { rows: number; blank: string[] } {
  let described = false;
  let rows = 0;
  const blank: string[] = [];
  for (const line of twin.split('\n')) {
    if (!line.startsWith('|')) {
      described = false;
      continue;
    }
    const cells = cellsOf(line);
    if (cells.at(-1) === 'Description') described = true;
    else if (described && !/^:?-+:?$/.test(cells[0]!)) {
      rows++;
      if (cells.at(-1) === '') blank.push(line);
    }
  }
  return { rows, blank };
}

/**
 * What the rules read of a page: its head (meta and link elements) and its main element (the h1 and the
 * .sl-markdown-content), parsed without the sidebar, header and footer around them, which are most of a page's bytes
 * and none of its twin. A page without both is parsed whole. Markup in text is escaped, so the first `</head>` and the
 * one `<main`…`</main>` are the elements.
 */
function toHeadAndMain(page: string): HTMLElement {
  const headEnd = page.indexOf('</head>');
  const [mainStart, mainEnd] = [page.indexOf('<main'), page.indexOf('</main>')];
  if (headEnd < 0 || mainStart < headEnd || mainEnd < mainStart) return parse(page);
  return parse(`${page.slice(0, headEnd + '</head>'.length)}<body>${page.slice(mainStart, mainEnd + '</main>'.length)}</body></html>`);
}

/**
 * One walk over every page of the build: each page's HTML is read and parsed once and its twin read once, every rule
 * applied, and only what breaks a rule kept (a 5,000-page build held parsed would take gigabytes). Each rule's test
 * below then names every page that breaks it, and why.
 */
function walkPages() {
  const found = { paths: [] as string[], content: [] as string[], front: [] as string[], chrome: [] as string[], head: [] as string[] };
  const fields = { rows: 0, blank: [] as string[] };
  for (const file of listFiles(DIST).filter((f) => f.endsWith('.html'))) {
    const path = toPagePathOfHtmlFile(file);
    found.paths.push(path);
    const html = toHeadAndMain(readFileSync(join(DIST, file), 'utf8'));
    let twin: string;
    try {
      twin = readFileSync(join(DIST, toTwinPath(path)), 'utf8');
    } catch {
      found.content.push(`${path}: no twin at ${toTwinPath(path)}`);
      continue;
    }
    found.content.push(...toContentProblems(html, twin).map((p) => `${path}: ${p}`));
    found.front.push(...toFrontMatterProblems(path, html, twin).map((p) => `${path}: ${p}`));
    found.chrome.push(...toChromeProblems(twin).map((p) => `${path}: ${p}`));
    found.head.push(...toHeadLinkProblems(path, html).map((p) => `${path}: ${p}`));
    const { rows, blank } = toFieldRows(twin);
    fields.rows += rows;
    fields.blank.push(...blank.map((line) => `${path}: ${line}`));
  }
  return { ...found, fields };
}

const walked = walkPages();

describe(`markdown twins of all ${walked.paths.length} pages`, () => {
  it('exist for every HTML page, generated pages included', () => {
    expect(walked.paths.length).toBeGreaterThan(10);
    for (const p of ['/docs/errors', '/docs/tools', '/docs/reference/endpoints', '/', '/404']) expect(walked.paths).toContain(p);
  });

  it('keep title, description, headings, code blocks and links of every page', () => {
    expect(walked.content).toEqual([]);
  });

  it("open with front matter (title, description, canonical URL, last updated) saying what the page's head says", () => {
    expect(walked.front).toEqual([]);
  });

  it('carry no page chrome, anchor labels or leftover HTML/JSX', () => {
    expect(walked.chrome).toEqual([]);
  });

  it('are linked from every page (rel=alternate), as every agent link is: llms.txt, the API catalog, the OpenAPI document', () => {
    expect(walked.head).toEqual([]);
  });
});

describe('field tables in twins', () => {
  it('describe every field: no row of a table with a Description column (schema fields, `$ref` fields, parameters, headers) leaves it blank', () => {
    expect(walked.fields.rows).toBeGreaterThan(50);
    expect(walked.fields.blank).toEqual([]);
  });
});
