import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that run longest, longest first, relative to the repository. A run on two workers ends when its
 * last file does: a long file started late is the whole run's tail, so these start first in every run, a fresh clone
 * (which has no timings of an earlier run) too. The summary at the end of `npm test` names the slowest files.
 */
export const LONGEST_FIRST = [
  'test/at-build-address/at-build-address.test.ts',
  'test/browser/pages-390.test.ts',
  'test/browser/pages-1280.test.ts',
  'test/edge/parity.test.ts',
  'test/edge/every-page.test.ts',
  'test/cli/release/release-targets.test.ts',
];

/**
 * Orders the files of a run: the `site` project's LONGEST_FIRST (in the list's order), then the `scale` project's
 * files (its LONGEST_FIRST ones first), then the rest as vitest orders them (the longest of the last run first, a file
 * never timed by its size). The `scale` files wait for the 5,000-page build, which ends while the `site` project's
 * longest files run (global-setup.ts): so they come after those, and before the short files that even out the end.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const listed = LONGEST_FIRST.length;
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(spec.moduleId.slice(spec.project.config.root.length + 1));
      const position = index === -1 ? listed : index;
      if (spec.project.name === 'scale') return listed + position;
      return index === -1 ? 2 * listed + 1 : index;
    };
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
