import { resolve } from 'node:path';

/** The content folder: `WARDEN_CONTENT_DIR`, else `./content` under the working directory. */
export function getContentDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.WARDEN_CONTENT_DIR ?? 'content');
}
