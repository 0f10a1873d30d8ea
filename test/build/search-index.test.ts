import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../runtime/node/list-files.ts';
import { DIST } from '../helpers/built-site.ts';
import { PATHS } from '../../facts/paths.ts';

describe('search (Pagefind)', () => {
  it("indexes every page, the 404 page and the MCP endpoint's own page aside, however large the site", () => {
    const entry = JSON.parse(readFileSync(join(DIST, 'pagefind/pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    // The endpoint's page is what a browser's GET of /mcp answers (proxy/mcp/endpoint-page.ts), not a page of the docs.
    const notDocs = new Set(['404.html', `${PATHS.mcpEndpointPage.slice(1)}.html`]);
    const pages = listFiles(DIST).filter((f) => f.endsWith('.html') && !notDocs.has(f));
    expect(Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0)).toBe(pages.length);
  });
});
