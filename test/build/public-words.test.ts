import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../runtime/node/list-files.ts';
import { DIST } from '../helpers/built-site.ts';
import { getContractRules, toContractIdPattern } from '../helpers/contract-rules.ts';

// Every document the site publishes speaks of Warden: no word of how it is made (a contract, its sections, its rule ids).
const TEXT = /\.(html|md|txt|json|xml)$|^install$|^api\/catalog$|^\.well-known\/api-catalog$/;
const files = listFiles(DIST).filter(
  (f) => TEXT.test(f) && !f.startsWith('_astro/') && !f.startsWith('search-index/') && !f.startsWith('_'),
);
const PROCESS_WORDS = [/\bcontracts?\b/i, /(?<!RFC \d{4}(?:,? )?)(?<!RFC \d{4} )§ ?\d/, toContractIdPattern(getContractRules())];

describe('public documents speak of Warden only', () => {
  it('covers pages, twins and the machine documents', () => {
    expect(files).toEqual(expect.arrayContaining(['index.html', 'index.md', 'openapi.json', 'llms.txt', 'llms-full.txt', 'api/catalog']));
  });

  it.each(files)('%s has no process words', (file) => {
    const text = readFileSync(join(DIST, file), 'utf8');
    const found = PROCESS_WORDS.flatMap((word) =>
      [...text.matchAll(new RegExp(word.source, `${word.flags}g`))].map((m) => text.slice(Math.max(0, m.index - 40), m.index + 20)),
    );
    expect(found).toEqual([]);
  });
});
