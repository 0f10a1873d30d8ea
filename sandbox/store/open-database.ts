import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

// One file under the data directory holds everything the tools write and the OAuth server keeps.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY, subject TEXT NOT NULL, workflow_id TEXT NOT NULL, started_at TEXT NOT NULL, note TEXT
);
CREATE TABLE IF NOT EXISTS signoff_requests (
  run_id TEXT PRIMARY KEY, subject TEXT NOT NULL, approver TEXT NOT NULL, note TEXT, requested_at TEXT NOT NULL,
  decision TEXT, decided_by TEXT, decided_at TEXT, comment TEXT
);
CREATE TABLE IF NOT EXISTS lessons (
  id TEXT PRIMARY KEY, subject TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, tags TEXT NOT NULL,
  run_id TEXT, created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, subject TEXT NOT NULL, at TEXT NOT NULL, action TEXT NOT NULL,
  run_id TEXT, tool TEXT, outcome TEXT, detail TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS oauth (
  model TEXT NOT NULL, id TEXT NOT NULL, payload TEXT NOT NULL, expires_at INTEGER,
  uid TEXT, user_code TEXT, grant_id TEXT, PRIMARY KEY (model, id)
);
`;

/** Opens (creating if needed) the sandbox database `sandbox.db` in the data directory. */
export function openDatabase(dataDir: string): DatabaseSync {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, 'sandbox.db'));
  db.exec('PRAGMA journal_mode = WAL;');
  // With WAL, NORMAL syncs at checkpoints rather than on every commit: a commit survives a crash of the process
  // (not of the machine), and a tool call no longer blocks the event loop on an fsync (SQLite: WAL, synchronous).
  db.exec('PRAGMA synchronous = NORMAL;');
  db.exec(SCHEMA);
  // A database from before sign-off decisions existed gains their columns.
  const columns = new Set((db.prepare('PRAGMA table_info(signoff_requests)').all() as Array<{ name: string }>).map((c) => c.name));
  for (const column of ['decision', 'decided_by', 'decided_at', 'comment']) {
    if (!columns.has(column)) db.exec(`ALTER TABLE signoff_requests ADD COLUMN ${column} TEXT`);
  }
  return db;
}
