// The reference for POST /api/feedback: a bare node:http server that reads the JSON body and inserts the row the edge
// keeps for it, in the store's own schema (its migrations) over node:sqlite with the edge's pragmas (WAL, synchronous
// NORMAL), and answers 202 with a receipt. No validation, scrubbing, limits or page digest: the floor a write costs.
// PORT, DATA_DIR (the database's folder), CLIENT_ADDRESS_HEADER (the header naming the client, as the edge reads it).
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { readMigrations } from '../../runtime/node/read-migrations.ts';

const db = new DatabaseSync(join(process.env.DATA_DIR!, 'feedback.sqlite'));
db.exec('PRAGMA journal_mode = WAL;');
db.exec('PRAGMA synchronous = NORMAL;');
for (const { sql } of readMigrations()) db.exec(sql);
const insert = db.prepare(
  `INSERT INTO feedback (id, received_at, page, page_digest, source, helpful, kind, section, comment, agent, status, status_changed_at, fingerprint)
   VALUES (?, ?, ?, ?, 'agent', ?, ?, ?, ?, ?, 'new', ?, ?) ON CONFLICT (fingerprint) DO NOTHING`,
);
const header = process.env.CLIENT_ADDRESS_HEADER ?? 'x-forwarded-for';

const server = createServer((req, res) => {
  // Anything but a report (the bench's readiness check) is answered at once.
  if (req.method !== 'POST') return void res.writeHead(404).end();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    const report = JSON.parse(text) as {
      page: string;
      helpful?: boolean | null;
      kind?: string;
      section?: string;
      comment?: string;
      agent?: string;
    };
    const address = String(req.headers[header] ?? req.socket.remoteAddress);
    const id = `fb_${randomUUID().replace(/-/g, '')}`;
    const at = new Date().toISOString();
    const fingerprint = createHash('sha256').update(text).update(address).digest('base64url');
    const helpful = report.helpful === undefined || report.helpful === null ? null : report.helpful ? 1 : 0;
    const { page, kind = null, section = null, comment = null, agent = null } = report;
    insert.run(id, at, page, null, helpful, kind, section, comment, agent, at, fingerprint);
    const statusUrl = `http://127.0.0.1${req.url}/${id}`;
    res.writeHead(202, { 'content-type': 'application/json', location: statusUrl });
    res.end(JSON.stringify({ id, status: 'new', status_url: statusUrl }));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
