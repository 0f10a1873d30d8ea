-- The feedback store: one schema for node:sqlite (the Node edge) and Cloudflare D1 (the worker), applied by
-- `wrangler d1 migrations apply` on D1 and by the Node edge at start (runtime/feedback/apply-migrations.ts), both
-- tracking what ran in d1_migrations.

-- One row per report, as the FeedbackReport schema takes it; no address, user agent or cookie is ever stored.
CREATE TABLE feedback (
  id TEXT PRIMARY KEY,
  received_at TEXT NOT NULL,
  page TEXT NOT NULL,
  page_digest TEXT,
  source TEXT NOT NULL,
  helpful INTEGER,
  kind TEXT,
  section TEXT,
  comment TEXT,
  agent TEXT,
  status TEXT NOT NULL DEFAULT 'new',
  status_changed_at TEXT NOT NULL,
  -- A digest of the report and of the day's salted client key: the same report sent again that day is folded.
  fingerprint TEXT NOT NULL UNIQUE
);
CREATE INDEX feedback_received ON feedback (received_at DESC, id DESC);
CREATE INDEX feedback_page ON feedback (page, received_at DESC);

-- What readers looked for and did not find: kind 'question' (a search with no result) or 'page' (a missing address).
CREATE TABLE gaps (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  last_seen TEXT NOT NULL,
  PRIMARY KEY (kind, key)
);

-- Requests per day by reader family and category and by document kind, written in batches.
CREATE TABLE traffic (
  day TEXT NOT NULL,
  family TEXT NOT NULL,
  category TEXT NOT NULL,
  kind TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, family, category, kind)
);

-- One random salt per UTC day: a client's key is a hash of the salt and its address, so yesterday's keys cannot be
-- linked to today's once the salt is gone.
CREATE TABLE salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);

-- Reports per client key and day, where the daily limit is kept in the store (the worker).
CREATE TABLE quotas (
  day TEXT NOT NULL,
  client TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, client)
);
