import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { BASE_URL, DIST } from '../helpers/built-site.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { toTwinPath } from '../../facts/paths.ts';
import { AGENT_LINKS } from '../../facts/agent-links.ts';
import { toTwinParts } from '../../documents/to-twin-front-matter.ts';

const htmlFiles = listFiles(DIST).filter((f) => f.endsWith('.html'));
// Each page is read and parsed in its own test: a 5,000-page build parsed up front would hold gigabytes.
const pages = htmlFiles.map((file) => {
  const path = toPagePathOfHtmlFile(file);
  return {
    file,
    path,
    get html() {
      return parse(readFileSync(join(DIST, file), 'utf8'));
    },
    get twin() {
      return readFileSync(join(DIST, toTwinPath(path)), 'utf8');
    },
  };
});
// Markdown escapes (turndown writes not\_found for not_found) do not change the text a reader sees.
const unescapeMarkdown = (s: string) => s.replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1');
const norm = (s: string) => unescapeMarkdown(s).replace(/\s+/g, ' ').trim();

describe('markdown twins', () => {
  it('exist for every HTML page, generated pages included', () => {
    expect(pages.length).toBeGreaterThan(10);
    for (const p of ['/docs/errors', '/docs/tools', '/docs/reference/endpoints', '/', '/404']) {
      expect(pages.map((x) => x.path)).toContain(p);
    }
  });

  it.each(pages.map((p) => [p.path, p] as const))('%s: title, description, headings, code blocks and links survive', (_path, page) => {
    const { html, twin } = page;
    const plain = norm(twin);
    expect(toTwinParts(twin).body.split('\n')[0]).toBe(`# ${html.querySelector('h1')!.text.trim()}`);
    const description = html.querySelector('meta[name="description"]')?.getAttribute('content');
    if (description) expect(plain).toContain(norm(description));
    const body = html.querySelector('.sl-markdown-content')!;
    for (const h of body.querySelectorAll('h2, h3, h4, h5, h6')) {
      const level = Number(h.tagName[1]);
      expect(twin, h.text).toMatch(new RegExp(`^${'#'.repeat(level)} .+`, 'm'));
      expect(plain.replace(/`/g, '')).toContain(norm(h.text));
    }
    for (const pre of body.querySelectorAll('pre[data-language]')) {
      const lang = pre.getAttribute('data-language')!;
      expect(twin).toContain(`\`\`\`${lang === 'plaintext' ? 'text' : lang}`);
      const lines = pre.querySelectorAll('.ec-line').map((l) => l.text);
      for (const line of lines.filter((l) => l.trim())) expect(twin).toContain(line);
    }
    for (const a of body.querySelectorAll('a[href]')) {
      const href = a.getAttribute('href')!;
      if (href.startsWith('#') || a.closest('.sl-anchor-link')) continue;
      const absolute = href.startsWith('/') ? `${BASE_URL}${href.split('#')[0]}` : href;
      const asTwin = href.startsWith('/') ? `${BASE_URL}${toTwinPath(href.split('#')[0]!)}` : href;
      expect(twin.includes(`](${absolute}`) || twin.includes(`](${asTwin}`), href).toBe(true);
    }
  });

  it.each(pages.map((p) => [p.path, p] as const))(
    "%s: opens with front matter (title, description, canonical URL, last updated) saying what its page's head says",
    (path, { html, twin }) => {
      expect(twin.startsWith('---\n')).toBe(true);
      const { fields } = toTwinParts(twin);
      const graph = JSON.parse(html.querySelector('script[type="application/ld+json"]')!.text) as {
        '@graph': { '@type': string; headline?: string; dateModified?: string; itemListElement?: { item: string }[] }[];
      };
      const article = graph['@graph'].find((n) => n['@type'] === 'TechArticle')!;
      expect(fields.title).toBe(article.headline);
      expect(fields.last_updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(fields.last_updated).toBe(article.dateModified);
      expect(fields.canonical_url).toBe(html.querySelector('link[rel="canonical"]')!.getAttribute('href'));
      const description = html.querySelector('meta[name="description"]')?.getAttribute('content');
      if (description) expect(fields.description).toBe(description.replace(/\s+/g, ' ').trim());
      const crumbs = graph['@graph'].find((n) => n['@type'] === 'BreadcrumbList')!.itemListElement!;
      expect(crumbs.at(-1)!.item).toBe(`${BASE_URL}${path}`);
    },
  );

  it.each(pages.map((p) => [p.path, p] as const))('%s: carries no page chrome, anchor labels or leftover HTML/JSX', (_path, { twin }) => {
    expect(twin).not.toMatch(/Section titled/);
    // Starlight chrome: skip link, table of contents, pagination and theme/search controls.
    expect(twin).not.toMatch(/Skip to content|On this page|^(Previous|Next)$|Select theme|Cancel ⌘K|Search\s*\n\s*Cancel/m);
    const outsideCode = twin.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    expect(outsideCode).not.toMatch(/<\/?[A-Za-z][\w-]*[\s/>]/);
    expect(outsideCode).not.toMatch(/\]\(\//);
  });

  it.each(pages.map((p) => [p.path, p] as const))(
    '%s: links its twin (rel=alternate) and every agent link: llms.txt, the API catalog, the OpenAPI document',
    (path, { html }) => {
      expect(html.querySelector('link[rel="alternate"][type="text/markdown"]')?.getAttribute('href')).toBe(toTwinPath(path));
      expect(html.querySelector('link[rel="describedby"]')?.getAttribute('href')).toBe('/llms.txt');
      for (const link of AGENT_LINKS) {
        const element = html.querySelector(`link[rel="${link.rel}"]`);
        expect(element?.getAttribute('href'), link.rel).toBe(link.path);
        expect(element?.getAttribute('type'), link.rel).toBe(link.type);
      }
    },
  );
});

// A markdown table row's cells; `\|` inside a cell is text, not a border.
const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

describe('field tables in twins', () => {
  it('describe every field: no row of a table with a Description column (schema fields, `$ref` fields, parameters, headers) leaves it blank', () => {
    const blank: string[] = [];
    let rows = 0;
    for (const { path, twin } of pages) {
      let described = false;
      for (const line of twin.split('\n')) {
        if (!line.startsWith('|')) {
          described = false;
          continue;
        }
        const cells = cellsOf(line);
        if (cells.at(-1) === 'Description') described = true;
        else if (described && !/^:?-+:?$/.test(cells[0]!)) {
          rows++;
          if (cells.at(-1) === '') blank.push(`${path}: ${line}`);
        }
      }
    }
    expect(rows).toBeGreaterThan(50);
    expect(blank).toEqual([]);
  });
});
