import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Content } from '../../content-model/read-content.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { toSearchIndexFiles } from '../../runtime/search/create-search-index.ts';
import type { SearchPageInput } from '../../runtime/search/search-index-format.ts';
import { fillPlaceholders, toPlaceholders } from '../../content-model/fill-placeholders.ts';
import { toPreambleLine } from '../../documents/to-markdown-twin.ts';
import { toHeadingIds } from '../../documents/search/to-heading-ids.ts';
import { toSearchPage } from '../../documents/search/to-search-page.ts';

/**
 * Starlight marks every page meant for search with this attribute (all but the 404 page and pages whose front matter
 * says `pagefind: false`), whether or not Pagefind runs: the index holds those pages.
 */
const SEARCHABLE = 'data-pagefind-body';

/** Every searchable page of a built site, from its markdown twin and the heading ids of its HTML, in path order. */
export function readSearchPages(out: string, preambleLine: string): SearchPageInput[] {
  return listFiles(out)
    .filter((f) => f.endsWith('.html'))
    .flatMap((file) => {
      const html = readFileSync(join(out, file), 'utf8');
      if (!html.includes(SEARCHABLE)) return [];
      const twin = readFileSync(join(out, file.replace(/\.html$/, '.md')), 'utf8');
      return [toSearchPage(twin, toHeadingIds(html), { path: toPagePathOfHtmlFile(file), preambleLine })];
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const toKiB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * After the markdown twins exist: the one search index (runtime/search), written under PATHS.searchIndex, which the
 * edge answers `/api/search` from and the docs' search box reads in the browser. Any twin whose headings do not
 * match its page fails the build, naming the page.
 */
export function searchIndex(content: Content): AstroIntegration {
  const { site } = content;
  return {
    name: 'warden:search-index',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const started = performance.now();
        const preamble = fillPlaceholders(
          site.agent_guidance.twin_preamble,
          toPlaceholders(site),
          'content/site.yaml agent_guidance.twin_preamble',
        );
        const pages = readSearchPages(out, toPreambleLine(preamble));
        const files = toSearchIndexFiles(pages);
        for (const file of files) {
          mkdirSync(dirname(join(out, file.path)), { recursive: true });
          writeFileSync(join(out, file.path), file.text);
        }
        const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
        const distBytes = listFiles(out).reduce((n, f) => n + statSync(join(out, f)).size, 0);
        const sections = pages.reduce((n, p) => n + p.sections.length, 0);
        logger.info(
          `search index of ${pages.length} pages, ${sections} sections: ${toKiB(bytes)} in ${files.length} files, ` +
            `${toKiB(bytes / Math.max(pages.length, 1))} a page, ${((100 * bytes) / distBytes).toFixed(1)}% of dist ` +
            `(${Math.round(performance.now() - started)} ms)`,
        );
      },
    },
  };
}
