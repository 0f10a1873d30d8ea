import { createServer, request } from 'node:http';
import { type Bound, bindServer } from '../../../proxy/node/bind-server.ts';

/**
 * A loopback pass-through that adds `Authorization: Bearer <token>` to every request: the conformance
 * runner's server mode cannot send a token, so this separates the gate-ordering effect
 * from real protocol failures.
 */
export async function startTokenProxy(target: string, token: string): Promise<Bound> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: to.host, authorization: `Bearer ${token}` };
    const upstream = request({ hostname: to.hostname, port: to.port, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => res.writeHead(502).end(error.message));
    req.pipe(upstream);
  });
  return bindServer(server, '127.0.0.1', 0);
}
