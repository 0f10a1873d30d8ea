import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqlDriver } from '../../runtime/feedback/sql-driver.ts';
import { createStatementCache } from '../../runtime/node/statement-cache.ts';

/** The feedback store's file in its data folder. */
export const FEEDBACK_DB_FILE = 'feedback.sqlite';

/**
 * Opens (creating if needed) the feedback database in `dir`: WAL, so reads never wait on a write; synchronous NORMAL,
 * so a committed report survives a crash of the process, which is what a 202 promises (SQLite: WAL, synchronous);
 * a busy timeout, after which a write another process holds locked is refused rather than waited on forever.
 */
export function openFeedbackDatabase(dir: string, busyTimeoutMs: number): DatabaseSync {
  if (dir !== ':memory:') mkdirSync(dir, { recursive: true });
  const db = new DatabaseSync(dir === ':memory:' ? ':memory:' : join(dir, FEEDBACK_DB_FILE), { timeout: busyTimeoutMs });
  db.exec('PRAGMA journal_mode = WAL;');
  db.exec('PRAGMA synchronous = NORMAL;');
  return db;
}

/** The store's driver over node:sqlite: each statement prepared once, a batch in one IMMEDIATE transaction. */
export function createSqliteDriver(db: DatabaseSync): SqlDriver {
  const prepare = createStatementCache(db);
  return {
    async all(statement) {
      return prepare(statement.sql).all(...(statement.params as SQLInputValue[])) as never[];
    },
    async batch(statements) {
      // IMMEDIATE takes the write lock at the start, so a store another process holds is refused before any change.
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const { sql, params } of statements) {
          if (params.length === 0) db.exec(sql);
          else prepare(sql).run(...(params as SQLInputValue[]));
        }
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    async exec(sql) {
      db.exec(sql);
    },
  };
}
