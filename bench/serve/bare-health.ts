// The ceiling for GET /api/health: a bare node:http server returning the same JSON bytes and headers.
import { createServer } from 'node:http';

const body = process.env.BODY ?? '{}';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
