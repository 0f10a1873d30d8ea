import { resolve } from 'node:path';

/** Where the test build of the real content lives (built once per `npm test` by global-setup.ts). */
export const DIST = resolve('.test-dist');
/** The base URL the test build is made for. */
export const BASE_URL = 'https://warden.example';
/** The hosted origin the test build names. */
export const APP_URL = 'https://app.warden.example';
