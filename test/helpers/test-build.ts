import { resolve } from 'node:path';

// What the test builds are made for, read by the global set-ups (in vitest's main process) and by built-site.ts.

/** Where the global set-up builds the real content (git-ignored). */
export const TEST_DIST = resolve('.test-dist');
/** The public base URL the test build in TEST_DIST is made for. */
export const PUBLIC_BASE_URL = 'https://warden.example';
/** The hosted origin every test build names. */
export const APP_URL = 'https://app.warden.example';
/**
 * The test builds are production builds: vitest's NODE_ENV=test would make `astro build` a dev-mode one (Starlight then
 * replaces search with a "production builds only" notice).
 */
export const PRODUCTION = { NODE_ENV: 'production' } as const;
