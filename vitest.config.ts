import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/helpers/longest-first-sequencer.ts';
import { SCALE_DIST } from './test/helpers/scale-site.ts';

export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Two cores: builds and servers in tests compete for them.
    maxWorkers: 2,
    // Tests declared concurrent (the browser's page loads) run this many at a time within their file.
    maxConcurrency: 3,
    // A worker runs one file after another in the same process (no fresh fork and imports per file): every file
    // starts its own servers and browsers and closes them, and none changes process-wide state.
    isolate: false,
    // The longest files first, in a fresh clone too: see the sequencer.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        // The fast loop (`npm run test:unit`): every test that needs no build, browser, release or server, and so no
        // global set-up; the layout test holds test/unit/ to that.
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        // afdocs-scale runs over the generated site only: test/at-build-address/afdocs.ts checks the real content.
        test: {
          name: 'site',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/unit/**', 'test/e2e/afdocs-scale.test.ts'],
          globalSetup: ['test/helpers/global-setup.ts'],
        },
      },
      {
        // The build checks and the worker in workerd again, over the real content plus 5,000 generated pages.
        extends: true,
        test: {
          name: 'scale',
          include: [
            'test/build/{llms-txt,twins,consistency,openapi,discovery-documents,search-index}.test.ts',
            'test/worker/{worker,every-page,parity}.test.ts',
            'test/e2e/afdocs-scale.test.ts',
          ],
          globalSetup: ['test/helpers/scale-setup.ts'],
          setupFiles: ['test/helpers/scale-ready.ts'],
          env: { WARDEN_TEST_DIST: SCALE_DIST },
        },
      },
    ],
  },
});
