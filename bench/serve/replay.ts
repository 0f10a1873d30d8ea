// A bare node:http server answering recorded responses from memory, byte for byte with their headers: the reference
// the edge's CPU per request is compared with. REPLAY names a JSON file of { "/t0": { status, headers, body } },
// bodies in base64.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

interface Recorded {
  status: number;
  headers: [string, string][];
  body: string;
}
const recorded = JSON.parse(readFileSync(process.env.REPLAY!, 'utf8')) as Record<string, Recorded>;
const answers = new Map(
  Object.entries(recorded).map(([path, r]) => [path, { status: r.status, headers: r.headers.flat(), body: Buffer.from(r.body, 'base64') }]),
);
const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) return void res.writeHead(404).end();
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
