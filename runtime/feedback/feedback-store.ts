import type { FeedbackSource } from './read-report.ts';
import { newFeedbackId, newSalt } from './digest.ts';
import { sql, type SqlDriver, type SqlStatement, type SqlValue } from './sql-driver.ts';

/** A report ready to keep: cleaned, tied to its page, with the digest that folds duplicates. */
export interface NewReport {
  page: string;
  pageDigest: string | null;
  source: FeedbackSource;
  helpful: boolean | null;
  kind: string | null;
  section: string | null;
  comment: string | null;
  agent: string | null;
  fingerprint: string;
}

/** Where a report stands (FeedbackStatus.yaml). */
export interface ReportStatus {
  id: string;
  status: string;
  status_changed_at: string;
}

/** A kept report as the operator reads it, before `page_changed` is known. */
export interface StoredReport extends ReportStatus {
  received_at: string;
  page: string;
  page_digest: string | null;
  source: FeedbackSource;
  helpful: boolean | null;
  kind: string | null;
  section: string | null;
  comment: string | null;
  agent: string | null;
}

/** The operator's filters (listFeedback.yaml) and the position after which a page starts. */
export interface ReportFilter {
  page?: string;
  source?: string;
  status?: string;
  since?: string;
  until?: string;
  limit: number;
  after?: { received_at: string; id: string };
}

/** Counts gathered in memory and written at once (runtime/feedback/tally.ts). */
export interface CountBatch {
  traffic: Array<{ day: string; family: string; category: string; kind: string; count: number }>;
  gaps: Array<{ kind: 'question' | 'page'; key: string; day: string; count: number }>;
}

/** One gap as GET /api/feedback/gaps lists it. */
export interface GapRow {
  key: string;
  count: number;
  last_seen: string;
}

const COLUMNS = 'id, received_at, page, page_digest, source, helpful, kind, section, comment, agent, status, status_changed_at';

type Row = Omit<StoredReport, 'helpful'> & { helpful: number | null };
const toReport = (row: Row): StoredReport => ({ ...row, helpful: row.helpful === null ? null : row.helpful === 1 });

/** The feedback store: one SQL schema and these statements over node:sqlite or D1 (runtime/feedback/sql-driver.ts). */
export interface FeedbackStore {
  /** Keeps a report, or finds the same one kept earlier (its fingerprint): resolves once committed. */
  add(report: NewReport, now: Date): Promise<ReportStatus>;
  getStatus(id: string): Promise<ReportStatus | undefined>;
  /** The report already kept under a fingerprint (the same report from the same client that day), if any. */
  findByFingerprint(fingerprint: string): Promise<ReportStatus | undefined>;
  list(filter: ReportFilter): Promise<StoredReport[]>;
  /** Sets a report's status; undefined when there is no such report. */
  setStatus(id: string, status: string, now: Date): Promise<ReportStatus | undefined>;
  /** Deletes a report; whether there was one. */
  remove(id: string): Promise<boolean>;
  /** Adds counts gathered in memory, in one transaction. */
  addCounts(batch: CountBatch): Promise<void>;
  gaps(kind: 'question' | 'page', limit: number): Promise<GapRow[]>;
  traffic(sinceDay: string): Promise<CountBatch['traffic']>;
  /** The salt of a UTC day, made by whichever request asks first. */
  saltOf(day: string): Promise<string>;
  /** Counts one report against a client's daily quota; resolves with the client's count that day, this one included. */
  countQuota(day: string, client: string): Promise<number>;
  /**
   * Deletes what is older than the retention period (reports received, gaps last seen, traffic counted before
   * `before`, a date) and every salt and quota of a day before `today`.
   */
  purge(before: string, today: string): Promise<void>;
}

/** The store over a SQLite driver whose database has the migrations of runtime/feedback/migrations/ applied. */
export function createFeedbackStore(driver: SqlDriver): FeedbackStore {
  const first = async <T>(statement: SqlStatement): Promise<T | undefined> => (await driver.all<T>(statement))[0];
  const statusOf = (id: string) => first<ReportStatus>(sql('SELECT id, status, status_changed_at FROM feedback WHERE id = ?', id));
  const byFingerprint = (fingerprint: string) =>
    first<ReportStatus>(sql('SELECT id, status, status_changed_at FROM feedback WHERE fingerprint = ?', fingerprint));
  return {
    async add(report, now) {
      const at = now.toISOString();
      // The unique fingerprint folds a report sent again: the insert does nothing, and the kept one is answered.
      await driver.batch([
        sql(
          `INSERT INTO feedback (${COLUMNS}, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?) ON CONFLICT (fingerprint) DO NOTHING`,
          newFeedbackId(),
          at,
          report.page,
          report.pageDigest,
          report.source,
          report.helpful === null ? null : report.helpful ? 1 : 0,
          report.kind,
          report.section,
          report.comment,
          report.agent,
          at,
          report.fingerprint,
        ),
      ]);
      const kept = await byFingerprint(report.fingerprint);
      if (!kept) throw new Error('a report just committed is not in the store');
      return kept;
    },
    getStatus: statusOf,
    findByFingerprint: byFingerprint,
    async list(filter) {
      const where: string[] = [];
      const params: SqlValue[] = [];
      const add = (clause: string, ...values: SqlValue[]) => {
        where.push(clause);
        params.push(...values);
      };
      if (filter.page !== undefined) add('page = ?', filter.page);
      if (filter.source !== undefined) add('source = ?', filter.source);
      if (filter.status !== undefined) add('status = ?', filter.status);
      if (filter.since !== undefined) add('received_at >= ?', filter.since);
      if (filter.until !== undefined) add('received_at < ?', filter.until);
      if (filter.after) add('(received_at, id) < (?, ?)', filter.after.received_at, filter.after.id);
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const rows = await driver.all<Row>(
        sql(`SELECT ${COLUMNS} FROM feedback ${clause} ORDER BY received_at DESC, id DESC LIMIT ?`, ...params, filter.limit),
      );
      return rows.map(toReport);
    },
    async setStatus(id, status, now) {
      await driver.batch([sql('UPDATE feedback SET status = ?, status_changed_at = ? WHERE id = ?', status, now.toISOString(), id)]);
      return statusOf(id);
    },
    async remove(id) {
      const existed = (await statusOf(id)) !== undefined;
      await driver.batch([sql('DELETE FROM feedback WHERE id = ?', id)]);
      return existed;
    },
    async addCounts(batch) {
      const statements = [
        ...batch.traffic.map((t) =>
          sql(
            'INSERT INTO traffic (day, family, category, kind, count) VALUES (?, ?, ?, ?, ?) ON CONFLICT (day, family, category, kind) DO UPDATE SET count = count + excluded.count',
            t.day,
            t.family,
            t.category,
            t.kind,
            t.count,
          ),
        ),
        ...batch.gaps.map((g) =>
          sql(
            'INSERT INTO gaps (kind, key, count, last_seen) VALUES (?, ?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET count = count + excluded.count, last_seen = max(last_seen, excluded.last_seen)',
            g.kind,
            g.key,
            g.count,
            g.day,
          ),
        ),
      ];
      if (statements.length > 0) await driver.batch(statements);
    },
    gaps: (kind, limit) =>
      driver.all<GapRow>(
        sql('SELECT key, count, last_seen FROM gaps WHERE kind = ? ORDER BY count DESC, last_seen DESC, key LIMIT ?', kind, limit),
      ),
    traffic: (sinceDay) =>
      driver.all(
        sql('SELECT day, family, category, kind, count FROM traffic WHERE day >= ? ORDER BY day DESC, count DESC, family, kind', sinceDay),
      ),
    async saltOf(day) {
      await driver.batch([sql('INSERT INTO salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING', day, newSalt())]);
      const row = await first<{ salt: string }>(sql('SELECT salt FROM salts WHERE day = ?', day));
      return row!.salt;
    },
    async countQuota(day, client) {
      await driver.batch([
        sql(
          'INSERT INTO quotas (day, client, count) VALUES (?, ?, 1) ON CONFLICT (day, client) DO UPDATE SET count = count + 1',
          day,
          client,
        ),
      ]);
      return (await first<{ count: number }>(sql('SELECT count FROM quotas WHERE day = ? AND client = ?', day, client)))!.count;
    },
    async purge(before, today) {
      await driver.batch([
        sql('DELETE FROM feedback WHERE received_at < ?', before),
        sql('DELETE FROM gaps WHERE last_seen < ?', before),
        sql('DELETE FROM traffic WHERE day < ?', before),
        // A salt and a quota are only ever needed on their own day: once gone, a client's keys cannot be linked.
        sql('DELETE FROM salts WHERE day < ?', today),
        sql('DELETE FROM quotas WHERE day < ?', today),
      ]);
    },
  };
}
