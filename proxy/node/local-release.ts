import { resolve } from 'node:path';
import { buildRelease } from '../../cli/build/build-release.ts';
import { toHostTarget } from '../../cli/build/node-runtime.ts';
import { toBuildDefaults } from '../../cli/to-build-defaults.ts';
import { getContentDir, readContent } from '../../src/content/read-content.ts';

/**
 * Builds the CLI release of this machine's target for the local system (its default base URL is the local
 * edge, its release archive the sandbox), unless `outDir` already holds one built from the same inputs.
 * Returns false when no binary is published for this machine.
 */
export async function ensureLocalRelease(o: { outDir: string; baseUrl: string; releaseArchive: string; log(line: string): void }): Promise<boolean> {
  const { site } = readContent(getContentDir(), { BASE_URL: o.baseUrl, RELEASE_ARCHIVE: o.releaseArchive });
  const target = toHostTarget();
  if (!site.cli.targets.includes(target)) return false;
  await buildRelease({
    root: process.cwd(), outDir: o.outDir, defaults: toBuildDefaults(site), targets: [target],
    cacheDir: resolve('node_modules/.cache/warden-node-runtimes'), log: o.log,
  });
  return true;
}
