/** A value SQLite binds: the only kinds the feedback store writes. */
export type SqlValue = string | number | null;

/** One statement and its parameters, in order (`?` placeholders). */
export interface SqlStatement {
  sql: string;
  params: readonly SqlValue[];
}

/**
 * The little the feedback store needs of a SQLite database, so one store runs over node:sqlite on Node
 * (proxy/node/sqlite-driver.ts) and over Cloudflare D1 in the worker (proxy/worker/d1-driver.ts).
 */
export interface SqlDriver {
  /** The rows a query returns. */
  all<Row>(statement: SqlStatement): Promise<Row[]>;
  /** Runs statements in one transaction: all of them are committed, or none. Resolves once committed. */
  batch(statements: readonly SqlStatement[]): Promise<void>;
  /** Runs a script of statements as it is (a migration). */
  exec(sql: string): Promise<void>;
}

/** A statement. */
export const sql = (text: string, ...params: SqlValue[]): SqlStatement => ({ sql: text, params });

/** The store could not be read or written (locked, read-only, full, gone): the request is refused with 503, nothing is lost. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}
