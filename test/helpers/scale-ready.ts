import { inject } from 'vitest';
import { DIST } from './built-site.ts';
import { waitForScaleSite } from './scale-site.ts';

// Set-up file of the `scale` project, run before each of its test files is imported (they read the build as they
// load): the 5,000-page build, which vitest's main process finishes beside the `site` project's first files.
await waitForScaleSite(DIST, inject('scaleStamp'));
