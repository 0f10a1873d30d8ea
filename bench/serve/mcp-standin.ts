// A fast stand-in for the hosted tool endpoint: answers POST /mcp with recorded sandbox answers (tools/call's or
// tools/list's, by the request's method), keep-alive, and serves the JWKS the bench signs its tokens with. STANDIN
// names a JSON file of { list, call: { type, body (base64) }, jwks }.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const recorded = JSON.parse(readFileSync(process.env.STANDIN!, 'utf8')) as {
  list: { type: string; body: string };
  call: { type: string; body: string };
  jwks: object;
};
const toAnswer = (r: { type: string; body: string }) => ({ type: r.type, body: Buffer.from(r.body, 'base64') });
const list = toAnswer(recorded.list);
const call = toAnswer(recorded.call);
const jwks = Buffer.from(JSON.stringify(recorded.jwks));
const server = createServer((req, res) => {
  if (req.url === '/jwks') return void res.writeHead(200, { 'content-type': 'application/json', 'content-length': jwks.length }).end(jwks);
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const answer = Buffer.concat(chunks).includes('"tools/call"') ? call : list;
    res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length });
    res.end(answer.body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
