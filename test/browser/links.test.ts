import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { PATHS } from '../../facts/paths.ts';
import { describe, expect, it } from 'vitest';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { DYNAMIC_PATHS, toDistFile } from '../helpers/dist-files.ts';
import { BASE_URL } from '../helpers/built-site.ts';
import { SITE_DIR } from '../helpers/browser/browser.ts';

const ORIGIN = 'http://site.invalid';
const htmlFiles = listFiles(SITE_DIR).filter((f) => f.endsWith('.html'));
const parsed = new Map<string, HTMLElement>();
const read = (file: string) => {
  if (!parsed.has(file)) parsed.set(file, parse(readFileSync(file, 'utf8')));
  return parsed.get(file)!;
};

/** Every internal address a page refers to (links, scripts, styles, images), resolved against the page. */
function internalRefs(file: string): string[] {
  const page = toPagePathOfHtmlFile(file);
  const refs = read(join(SITE_DIR, file))
    .querySelectorAll('[href], [src]')
    .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '');
  return refs
    .filter((r) => r && !/^(data|mailto|javascript):/.test(r))
    .map((r) => new URL(r, `${ORIGIN}${page}`))
    .filter((u) => u.origin === ORIGIN)
    .map((u) => `${u.pathname}${u.hash}`);
}

describe('no broken internal links across the whole build', () => {
  it('finds pages to check', () => expect(htmlFiles.length).toBeGreaterThan(30));

  it.each(htmlFiles)('%s: every internal href and src resolves, anchors included', (file) => {
    const broken: string[] = [];
    for (const ref of new Set(internalRefs(file))) {
      const [path = '/', hash] = ref.split('#');
      if (DYNAMIC_PATHS.has(path)) continue;
      const target = toDistFile(path, SITE_DIR);
      if (!target) {
        broken.push(`${ref}: no file`);
        continue;
      }
      if (hash && target.endsWith('.html')) {
        const id = decodeURIComponent(hash);
        const doc = read(target);
        if (!doc.getElementById(id) && !doc.querySelector(`[name="${id}"]`)) broken.push(`${ref}: no element with id "${id}"`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('sitemap', () => {
  const sitemap = readFileSync(join(SITE_DIR, 'sitemap-0.xml'), 'utf8');
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

  it('lists the HTML pages, generated reference pages included', () => {
    for (const path of ['/', '/docs/demo', '/docs/reference/get-health', '/docs/tools/get_run']) expect(locs).toContain(path);
  });

  it('lists no markdown twin or other non-HTML file', () => {
    expect(locs.filter((p) => /\.(md|txt|json)$/.test(p))).toEqual([]);
  });
});

describe('page addresses', () => {
  it.each(htmlFiles.filter((f) => f !== '404.html'))('%s: canonical and og:url name the public path, without .html', (file) => {
    const doc = read(join(SITE_DIR, file));
    // The MCP endpoint's own page is what a browser's GET of the endpoint answers: its address is the endpoint's,
    // and, being no docs page, it carries no Open Graph data.
    const path = toPagePathOfHtmlFile(file);
    if (path === PATHS.mcpEndpointPage) {
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${BASE_URL}${PATHS.mcp}`);
      return;
    }
    const expected = `${BASE_URL}${path}`;
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(expected);
    expect(doc.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(expected);
  });
});
