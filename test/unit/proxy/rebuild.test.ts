import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toRebuildReasons } from '../../../proxy/node/build-info.ts';
import { BUILD_SOURCES, toSourceHash } from '../../../runtime/node/source-hash.ts';
import { toBuildFacts } from '../../../documents/to-build-facts.ts';
import { readContent } from '../../../content-model/read-content.ts';

// `npm start` serves the old build only while it still fits: same addresses and same sources.
const root = mkdtempSync(join(tmpdir(), 'warden-sources-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (const source of BUILD_SOURCES) cpSync(source, join(root, source), { recursive: true });

describe('when npm start rebuilds', () => {
  const wanted = { base_url: 'http://127.0.0.1:4321', app_url: 'http://127.0.0.1:4322', auth_issuer: 'http://127.0.0.1:4322' };
  const built = { ...toBuildFacts(readContent(join(root, 'content'), {}), toSourceHash(root)), ...wanted };

  it('keeps a dist built for these addresses from these sources', () => {
    expect(toRebuildReasons(built, wanted, toSourceHash(root))).toEqual([]);
  });

  it.each([
    ['a docs page', 'content/docs/overview.md'],
    ['the installer template', 'installers/install.sh'],
    ['a component', 'src/components/Head.astro'],
    ['a document derivation', 'documents/to-llms-txt.ts'],
    ['the content model', 'content-model/schemas/site.ts'],
    ['the Astro config', 'astro.config.mjs'],
  ])('rebuilds after an edit to %s', (_what, file) => {
    writeFileSync(join(root, file), '\n', { flag: 'a' });
    expect(toRebuildReasons(built, wanted, toSourceHash(root))).toEqual(['sources: changed since the last build']);
  });

  it('rebuilds when the release its installers pin is another (npm start built a new one), or when they pin none', () => {
    const release = { ...wanted, release_sums: 'a'.repeat(64) };
    expect(toRebuildReasons({ ...built, release_sums: 'a'.repeat(64) }, release, built.source_hash)).toEqual([]);
    expect(toRebuildReasons({ ...built, release_sums: 'b'.repeat(64) }, release, built.source_hash)).toEqual([
      `release_sums: built for "${'b'.repeat(64)}", needed "${'a'.repeat(64)}"`,
    ]);
    expect(built.release_sums).toBeNull();
    expect(toRebuildReasons(built, release, built.source_hash)).toEqual([`release_sums: built for null, needed "${'a'.repeat(64)}"`]);
  });

  it('rebuilds for other addresses, or when there is no build', () => {
    expect(toRebuildReasons(built, { ...wanted, base_url: 'http://127.0.0.1:5000' }, built.source_hash)).toEqual([
      'base_url: built for "http://127.0.0.1:4321", needed "http://127.0.0.1:5000"',
    ]);
    expect(toRebuildReasons(undefined, wanted, built.source_hash)[0]).toMatch(/missing/);
  });
});
