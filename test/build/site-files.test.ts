import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { PATHS, UNLISTED_PAGES } from '../../facts/paths.ts';
import { BASE_URL, DIST, readTestContent } from '../helpers/built-site.ts';
import { readBuilt, toDistFile } from '../helpers/dist-files.ts';

const htmlFiles = listFiles(DIST).filter((f) => f.endsWith('.html'));

describe('robots.txt (RFC 9309)', () => {
  it('allows every crawler and agent everything and names the sitemap and the agent index', () => {
    const robots = readBuilt(PATHS.robots);
    expect(robots).toMatch(/^User-agent: \*\n(?:Content-Signal: .*\n)?Allow: \/$/m);
    expect(robots).not.toMatch(/^Disallow: *\S/m);
    expect(robots).toContain(`Sitemap: ${BASE_URL}${PATHS.sitemap}`);
    expect(robots).toContain(`${BASE_URL}${PATHS.llms}`);
    expect(toDistFile(PATHS.sitemap)).toBeDefined();
  });

  it('says in the group of every crawler, as Content Signals, what site.yaml allows: search and AI input, and here AI training too', async () => {
    const { site } = await readTestContent();
    const robots = readBuilt(PATHS.robots);
    const signals = Object.entries(site.content_signals)
      .map(([name, yes]) => `${name}=${yes ? 'yes' : 'no'}`)
      .join(', ');
    expect(robots).toMatch(new RegExp(`^User-agent: \\*\\nContent-Signal: ${signals}\\n`, 'm'));
    expect(robots).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=(yes|no)$/m);
  });
});

describe('favicon', () => {
  it('is an SVG every page links, and an ICO with PNG images at 16, 32 and 48 px', async () => {
    expect(readBuilt(PATHS.favicon)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const ico = readFileSync(toDistFile(PATHS.faviconIco)!);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const [length, offset] = [ico.readUInt32LE(6 + 16 * i + 8), ico.readUInt32LE(6 + 16 * i + 12)];
        const { width, height, format } = await sharp(ico.subarray(offset, offset + length)).metadata();
        return { entry: ico[6 + 16 * i], width, height, format };
      }),
    );
    expect(sizes).toEqual([16, 32, 48].map((n) => ({ entry: n, width: n, height: n, format: 'png' })));
    for (const file of ['index.html', 'docs/overview.html']) {
      expect(
        parse(readFileSync(join(DIST, file), 'utf8'))
          .querySelector('link[rel~="icon"]')
          ?.getAttribute('href'),
      ).toBe(PATHS.favicon);
    }
  });
});

describe('links name the public page addresses', () => {
  it.each(htmlFiles)('%s: no link to a .html file; the site title links to /', (file) => {
    const root = parse(readFileSync(join(DIST, file), 'utf8'));
    const html = root
      .querySelectorAll('a[href]')
      .map((a) => a.getAttribute('href')!)
      .filter((h) => /\.html($|[#?])/.test(h));
    expect(html).toEqual([]);
    expect(root.querySelector('a.site-title')?.getAttribute('href')).toBe('/');
  });

  it('every docs page but the last has a next link and every one but the first a previous link, both to built pages', () => {
    const pages = htmlFiles.filter((f) => f.startsWith('docs/'));
    const links = pages.map((file) => {
      const root = parse(readFileSync(join(DIST, file), 'utf8'));
      return {
        page: toPagePathOfHtmlFile(file),
        prev: root.querySelector('a[rel="prev"]')?.getAttribute('href'),
        next: root.querySelector('a[rel="next"]')?.getAttribute('href'),
      };
    });
    expect(links.filter((l) => !l.prev).length).toBe(1);
    expect(links.filter((l) => !l.next).length).toBe(1);
    for (const l of links) for (const href of [l.prev, l.next]) if (href) expect(toDistFile(href), `${l.page} → ${href}`).toBeDefined();
  });
});

describe("pages that are no docs (UNLISTED_PAGES: the operator's feedback page)", () => {
  it.each(UNLISTED_PAGES)(
    '%s is built, asks not to be indexed, and is in no page list: llms.txt, the sitemaps, the search index',
    (path) => {
      const page = parse(readBuilt(path));
      expect(page.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      expect(page.querySelector('[data-pagefind-body]')).toBeNull();
      // Nor does it end with the "Was this page helpful?" form.
      expect(page.querySelector('[data-feedback]')).toBeNull();
      const listed = new RegExp(`${BASE_URL}${path}(?:\\.md)?(?=[)<"\\s]|$)`);
      for (const list of [PATHS.llms, PATHS.sitemap, PATHS.sitemapMd, '/sitemap-0.xml']) expect(readBuilt(list), list).not.toMatch(listed);
      // llms-full.txt holds pages, each after its `Page:` line; a page that mentions this one (operations) may link it.
      expect(readBuilt(PATHS.llmsFull)).not.toMatch(new RegExp(`^Page: ${BASE_URL}${path}$`, 'm'));
    },
  );
});

describe('the "Was this page helpful?" form', () => {
  it('ends every docs page, generated ones included, but not a page whose front matter says feedback: false (the 404 page)', () => {
    const withForm = htmlFiles.filter((f) => parse(readFileSync(join(DIST, f), 'utf8')).querySelector('[data-feedback]'));
    const without = htmlFiles.filter((f) => !withForm.includes(f)).map(toPagePathOfHtmlFile);
    expect(without.sort()).toEqual(['/404', PATHS.mcpEndpointPage, ...UNLISTED_PAGES].sort());
  });
});
