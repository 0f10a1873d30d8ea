import type { SqlDriver, SqlStatement, SqlValue } from '../../runtime/feedback/sql-driver.ts';

/** A prepared D1 statement, as much of it as the store uses. */
export interface D1PreparedStatement {
  bind(...values: SqlValue[]): D1PreparedStatement;
  all<Row>(): Promise<{ results: Row[] }>;
}

/** The Workers D1 binding (`env.FEEDBACK`, wrangler.jsonc `d1_databases`), as much of it as the store uses. */
export interface D1Binding {
  prepare(query: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<unknown>;
}

/** Whether a binding is a D1 database (what `env.FEEDBACK` should be). */
export const isD1Binding = (value: unknown): value is D1Binding =>
  typeof (value as D1Binding | undefined)?.prepare === 'function' && typeof (value as D1Binding).batch === 'function';

/**
 * The store's driver over a D1 binding: each statement prepared and bound, and a batch sent as one `batch()`, which D1
 * runs as one transaction (all committed, or none).
 */
export function createD1Driver(db: D1Binding): SqlDriver {
  const toPrepared = ({ sql, params }: SqlStatement) => db.prepare(sql).bind(...params);
  return {
    async all<Row>(statement: SqlStatement) {
      return (await toPrepared(statement).all<Row>()).results;
    },
    async batch(statements) {
      await db.batch(statements.map(toPrepared));
    },
    async exec(script) {
      // D1's exec() reads a script one line at a time; a statement over several lines (a migration's) goes whole as
      // one prepared query instead, which D1 runs statement by statement.
      await db.batch([db.prepare(script)]);
    },
  };
}
