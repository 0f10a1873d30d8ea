import { resolve } from 'node:path';

// What the test builds are made for, read by the global set-ups (in vitest's main process) and by built-site.ts.

/** Where the global set-up builds the real content (git-ignored). */
export const TEST_DIST = resolve('.test-dist');
/** The public base URL the test build in TEST_DIST is made for. */
export const PUBLIC_BASE_URL = 'https://warden.example';
/** The hosted origin every test build names. */
export const APP_URL = 'https://app.warden.example';
