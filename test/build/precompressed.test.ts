import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../runtime/node/list-files.ts';
import { isCompressibleType } from '../../runtime/http/compressible.ts';
import { toContentType } from '../../facts/content-types.ts';
import { PATHS } from '../../facts/paths.ts';
import { toVariantIgnoreLines } from '../../src/integrations/precompress.ts';
import { DIST } from '../helpers/built-site.ts';

const files = listFiles(DIST);
const variants = new Set(files.filter((f) => /\.(br|gz)$/.test(f)));
const originals = files.filter((f) => !variants.has(f));
const compressed = originals.filter((f) => variants.has(`${f}.br`));

describe('precompressed variants (brotli and gzip, beside each text file)', () => {
  it('every page, twin, llms file and JSON document of a real size has both, and they decode to its bytes', () => {
    for (const path of ['docs/overview.html', 'docs/overview.md', 'llms.txt', 'llms-full.txt', 'openapi.json', 'index.html', 'install']) {
      expect(compressed, path).toContain(path);
    }
    for (const file of compressed) {
      const body = readFileSync(join(DIST, file));
      expect(brotliDecompressSync(readFileSync(join(DIST, `${file}.br`))).equals(body), `${file}.br`).toBe(true);
      expect(gunzipSync(readFileSync(join(DIST, `${file}.gz`))).equals(body), `${file}.gz`).toBe(true);
      expect(variants.has(`${file}.gz`), `${file}.gz`).toBe(true);
    }
  });

  it('only text is compressed, and no variant is left without its file', () => {
    for (const file of compressed) expect(isCompressibleType(toContentType(`/${file}`, readFileSync(join(DIST, file)))), file).toBe(true);
    for (const variant of variants) expect(originals, variant).toContain(variant.replace(/\.(br|gz)$/, ''));
    expect(compressed.some((f) => f.endsWith('.png') || f.endsWith('.ico'))).toBe(false);
  });

  it('Workers Static Assets does not upload them: .assetsignore has a line for every variant', () => {
    const ignore = readFileSync(join(DIST, PATHS.assetsIgnore), 'utf8').split('\n');
    expect(ignore).toEqual(expect.arrayContaining(toVariantIgnoreLines(compressed)));
    const globs = ignore.filter((l) => l.startsWith('*')).map((l) => l.slice(1));
    for (const variant of variants) {
      const covered = globs.some((g) => variant.endsWith(g)) || ignore.includes(`/${variant}`);
      expect(covered, variant).toBe(true);
    }
  });
});
