import type { DatabaseSync } from 'node:sqlite';
import { createStatementCache } from '../../runtime/node/statement-cache.ts';

type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string; consumed?: number };

/** An oidc-provider adapter class over the sandbox database, so clients and codes survive a restart. */
export function createSqliteAdapter(db: DatabaseSync) {
  const now = () => Math.floor(Date.now() / 1000);
  const statement = createStatementCache(db);
  const findBy = (column: 'id' | 'uid' | 'user_code', model: string, value: string): Payload | undefined => {
    const row = statement(`SELECT payload, expires_at FROM oauth WHERE model = ? AND ${column} = ?`).get(model, value) as
      | { payload: string; expires_at: number | null }
      | undefined;
    if (!row || (row.expires_at !== null && row.expires_at < now())) return undefined;
    return JSON.parse(row.payload) as Payload;
  };
  return class SqliteAdapter {
    private readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    async upsert(id: string, payload: Payload, expiresIn?: number) {
      statement('INSERT OR REPLACE INTO oauth (model, id, payload, expires_at, uid, user_code, grant_id) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        this.model,
        id,
        JSON.stringify(payload),
        expiresIn ? now() + expiresIn : null,
        payload.uid ?? null,
        payload.userCode ?? null,
        payload.grantId ?? null,
      );
    }
    async find(id: string) {
      return findBy('id', this.model, id);
    }
    async findByUid(uid: string) {
      return findBy('uid', this.model, uid);
    }
    async findByUserCode(userCode: string) {
      return findBy('user_code', this.model, userCode);
    }
    async consume(id: string) {
      const payload = findBy('id', this.model, id);
      if (payload)
        statement('UPDATE oauth SET payload = ? WHERE model = ? AND id = ?').run(
          JSON.stringify({ ...payload, consumed: now() }),
          this.model,
          id,
        );
    }
    async destroy(id: string) {
      statement('DELETE FROM oauth WHERE model = ? AND id = ?').run(this.model, id);
    }
    async revokeByGrantId(grantId: string) {
      statement('DELETE FROM oauth WHERE grant_id = ?').run(grantId);
    }
  };
}
