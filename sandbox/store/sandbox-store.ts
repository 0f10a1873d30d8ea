import type { DatabaseSync } from 'node:sqlite';
import { createStatementCache } from '../../runtime/node/statement-cache.ts';

/** A run the caller started (the replay is computed from the canned run and `started_at`). */
export interface RunRow {
  id: string;
  subject: string;
  workflow_id: string;
  started_at: string;
  note: string | null;
}
/** A sign-off request, open or decided. */
export interface SignoffRow {
  run_id: string;
  subject: string;
  approver: string;
  note: string | null;
  requested_at: string;
  decision?: 'approved' | 'rejected' | null;
  decided_by?: string | null;
  decided_at?: string | null;
  comment?: string | null;
}
/** A person's decision on a sign-off request. */
export interface SignoffDecision {
  run_id: string;
  decision: 'approved' | 'rejected';
  decided_by: string;
  decided_at: string;
  comment: string | null;
}
/** A Lesson the caller added. */
export interface LessonRow {
  id: string;
  subject: string;
  title: string;
  body: string;
  tags: string[];
  run_id: string | null;
  created_at: string;
}
/** One stored audit event (tool calls and what tools recorded). */
export interface AuditRow {
  seq: number;
  subject: string;
  at: string;
  action: string;
  run_id: string | null;
  tool: string | null;
  outcome: string | null;
  detail: string;
}

/** The sandbox's state, every read and write scoped to a token subject. */
export interface SandboxStore {
  insertRun(row: RunRow): void;
  listRuns(subject: string): RunRow[];
  getRun(subject: string, id: string): RunRow | undefined;
  upsertSignoff(row: SignoffRow): void;
  getSignoff(subject: string, runId: string): SignoffRow | undefined;
  /** Every request no one has decided yet, of every subject, oldest first (the approvers' list). */
  listOpenSignoffs(): SignoffRow[];
  /** Records a decision on an open request; false when there is none (unknown run, or already decided). */
  decideSignoff(decision: SignoffDecision): boolean;
  insertLesson(row: LessonRow): void;
  listLessons(subject: string): LessonRow[];
  appendAudit(row: Omit<AuditRow, 'seq'>): void;
  listAudit(subject: string): AuditRow[];
}

/** Creates the subject-scoped store over an open database. */
export function createSandboxStore(db: DatabaseSync): SandboxStore {
  const statement = createStatementCache(db);
  const rows = <T>(sql: string, ...args: (string | null)[]) => statement(sql).all(...args) as unknown as T[];
  const row = <T>(sql: string, ...args: (string | null)[]) => statement(sql).get(...args) as unknown as T | undefined;
  const toLesson = (r: Omit<LessonRow, 'tags'> & { tags: string }): LessonRow => ({ ...r, tags: JSON.parse(r.tags) });
  return {
    insertRun: (r) =>
      void statement('INSERT INTO runs (id, subject, workflow_id, started_at, note) VALUES (?, ?, ?, ?, ?)').run(
        r.id,
        r.subject,
        r.workflow_id,
        r.started_at,
        r.note,
      ),
    listRuns: (subject) => rows<RunRow>('SELECT * FROM runs WHERE subject = ? ORDER BY started_at DESC, id', subject),
    getRun: (subject, id) => row<RunRow>('SELECT * FROM runs WHERE subject = ? AND id = ?', subject, id),
    upsertSignoff: (r) =>
      void statement('INSERT OR REPLACE INTO signoff_requests (run_id, subject, approver, note, requested_at) VALUES (?, ?, ?, ?, ?)').run(
        r.run_id,
        r.subject,
        r.approver,
        r.note,
        r.requested_at,
      ),
    getSignoff: (subject, runId) => row<SignoffRow>('SELECT * FROM signoff_requests WHERE subject = ? AND run_id = ?', subject, runId),
    listOpenSignoffs: () => rows<SignoffRow>('SELECT * FROM signoff_requests WHERE decision IS NULL ORDER BY requested_at, run_id'),
    decideSignoff: (d) =>
      statement(
        'UPDATE signoff_requests SET decision = ?, decided_by = ?, decided_at = ?, comment = ? WHERE run_id = ? AND decision IS NULL',
      ).run(d.decision, d.decided_by, d.decided_at, d.comment, d.run_id).changes === 1,
    insertLesson: (r) =>
      void statement('INSERT INTO lessons (id, subject, title, body, tags, run_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        r.id,
        r.subject,
        r.title,
        r.body,
        JSON.stringify(r.tags),
        r.run_id,
        r.created_at,
      ),
    listLessons: (subject) =>
      rows<Omit<LessonRow, 'tags'> & { tags: string }>('SELECT * FROM lessons WHERE subject = ? ORDER BY created_at DESC', subject).map(
        toLesson,
      ),
    appendAudit: (r) =>
      void statement('INSERT INTO audit (subject, at, action, run_id, tool, outcome, detail) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        r.subject,
        r.at,
        r.action,
        r.run_id,
        r.tool,
        r.outcome,
        r.detail,
      ),
    listAudit: (subject) => rows<AuditRow>('SELECT * FROM audit WHERE subject = ? ORDER BY seq', subject),
  };
}
