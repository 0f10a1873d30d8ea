import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * Prepares each SQL text once per database and reuses the statement. Preparing per call leaves a native statement
 * per call for the garbage collector to finalize, which it does late: the memory is outside the V8 heap it sees.
 */
export function createStatementCache(db: DatabaseSync): (sql: string) => StatementSync {
  const statements = new Map<string, StatementSync>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}
