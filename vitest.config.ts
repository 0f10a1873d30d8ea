import { configDefaults, defineConfig } from 'vitest/config';
import { SCALE_DIST } from './test/helpers/scale-site.ts';

/**
 * The test files that serve the test build where its links point (its base URL's port, the sandbox on its hosted
 * origin's): they run one at a time, in the `local` project, beside the rest.
 */
const LOCAL = [
  'test/verify/verify.test.ts',
  'test/verify/verify-broken.test.ts',
  'test/browser/try-it.test.ts',
  'test/browser/try-it-offline.test.ts',
  'test/browser/webmcp.test.ts',
  'test/e2e/afdocs.test.ts',
];

export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Two cores: builds and servers in tests compete for them.
    maxWorkers: 2,
    // Tests declared concurrent (the browser's page loads) run this many at a time within their file.
    maxConcurrency: 3,
    projects: [
      {
        extends: true,
        // afdocs-scale runs over the generated site only: test/e2e/afdocs.test.ts checks the real content.
        test: {
          name: 'site',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/e2e/afdocs-scale.test.ts', ...LOCAL],
          globalSetup: ['test/helpers/global-setup.ts'],
        },
      },
      {
        // One file at a time: each holds the test build's two ports while it runs.
        extends: true,
        test: {
          name: 'local',
          include: LOCAL,
          fileParallelism: false,
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
            'test/edge/{worker,every-page,parity}.test.ts',
            'test/e2e/afdocs-scale.test.ts',
          ],
          globalSetup: ['test/helpers/scale-setup.ts'],
          env: { WARDEN_TEST_DIST: SCALE_DIST },
        },
      },
    ],
  },
});
