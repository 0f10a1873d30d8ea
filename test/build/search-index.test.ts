import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../runtime/node/list-files.ts';
import { DIST } from '../helpers/built-site.ts';

describe('search (Pagefind)', () => {
  it('indexes every page, the 404 page aside, however large the site', () => {
    const entry = JSON.parse(readFileSync(join(DIST, 'pagefind/pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    const pages = listFiles(DIST).filter((f) => f.endsWith('.html') && f !== '404.html');
    expect(Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0)).toBe(pages.length);
  });
});
