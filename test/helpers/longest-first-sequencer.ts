import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the long test files start in, as `<project> <file>`, in every run: a fresh clone has no timings of an
 * earlier run, and vitest would order these by their size. A run on two workers ends when its last file does, so the
 * longest start first and the many short files even out the end. The `scale` files wait for the 5,000-page build,
 * which ends while the `site` project's longest files run (global-setup.ts): so they come after those. The summary at
 * the end of `npm test` names the slowest files.
 */
export const LONGEST_FIRST = [
  'site test/at-build-address/at-build-address.test.ts',
  'site test/browser/pages-390.test.ts',
  'site test/browser/pages-1280.test.ts',
  'site test/release/release-targets.test.ts',
  'site test/worker/parity.test.ts',
  'scale test/worker/every-page.test.ts',
  'scale test/worker/parity.test.ts',
  'scale test/e2e/afdocs-scale.test.ts',
  'site test/e2e/npm-start.test.ts',
  'site test/clients/conformance.test.ts',
  'site test/release/self-update.test.ts',
  'site test/browser/search.test.ts',
  'site test/release/code-signature.test.ts',
  'site test/e2e/port-in-use.test.ts',
  'site test/build/install-sh.test.ts',
];

/** The file of a LONGEST_FIRST entry, relative to the repository. */
export const toListedFile = (entry: string): string => entry.slice(entry.indexOf(' ') + 1);

/**
 * Orders the files of a run: LONGEST_FIRST in its order, the other `scale` files right after its last `scale` entry,
 * then the rest as vitest orders them (the longest of the last run first, a file never timed by its size).
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const lastScale = LONGEST_FIRST.findLastIndex((entry) => entry.startsWith('scale '));
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(`${spec.project.name} ${spec.moduleId.slice(spec.project.config.root.length + 1)}`);
      if (index !== -1) return index;
      return spec.project.name === 'scale' ? lastScale + 0.5 : LONGEST_FIRST.length;
    };
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
