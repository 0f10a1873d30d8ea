// A plain keep-alive node:http reverse proxy to TARGET: the third column of the MCP forwarding bench.
import { Agent, createServer, request } from 'node:http';

const target = new URL(process.env.TARGET ?? 'http://127.0.0.1:1');
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const server = createServer((req, res) => {
  const headers = { ...req.headers, host: target.host };
  const upstream = request(
    { hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(upstream);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
