import type { SqlDriver } from './sql-driver.ts';
import { sql } from './sql-driver.ts';

/** One migration: its file name (`0001_feedback.sql`) and its SQL. */
export interface Migration {
  name: string;
  sql: string;
}

// The table `wrangler d1 migrations apply` keeps, with its columns: the Node edge records what it ran in the same way,
// so one database could move between the two.
const TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** Applies, in name order, each migration the database has not run, each in one transaction with its record; returns the names applied. */
export async function applyMigrations(driver: SqlDriver, migrations: readonly Migration[]): Promise<string[]> {
  await driver.exec(TABLE);
  const done = new Set((await driver.all<{ name: string }>(sql('SELECT name FROM d1_migrations'))).map((row) => row.name));
  const applied: string[] = [];
  for (const migration of [...migrations].sort((a, b) => a.name.localeCompare(b.name))) {
    if (done.has(migration.name)) continue;
    await driver.batch([sql(migration.sql), sql('INSERT INTO d1_migrations (name) VALUES (?)', migration.name)]);
    applied.push(migration.name);
  }
  return applied;
}
