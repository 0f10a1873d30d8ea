// A bare node:http server holding every file of a dist in memory (DIST, precompressed variants included), answering
// by path: the memory reference for the edge, which holds the same files. Plain JavaScript, as the edge's own entry
// (scripts/serve.mjs) is: a .ts file would load Node's type stripper and inflate the reference.
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.env.DIST;
const files = new Map();
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath, entry.name);
  files.set(`/${relative(dir, path)}`, readFileSync(path));
}
const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?', 1)[0];
  const body = files.get(path) ?? files.get(`${path}.html`);
  if (!body) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-length': body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
