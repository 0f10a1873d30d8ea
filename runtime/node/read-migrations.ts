import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Migration } from '../feedback/apply-migrations.ts';

/** The folder `wrangler d1 migrations apply` reads (wrangler.jsonc `migrations_dir`) and the build copies from. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../feedback/migrations/', import.meta.url));

/** The feedback store's migrations, in name order (numbered SQL files, as wrangler names them). */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}${name}`, 'utf8') }));
}
