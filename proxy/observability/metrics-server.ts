import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { refuseConnect } from '../../runtime/node/refuse-connect.ts';
import { toTargetPath } from '../../runtime/node/target-path.ts';
import { bindServer } from '../node/bind-server.ts';
import type { EdgeMetrics } from './metrics.ts';

/** What a scrape reads. */
type Exposition = Pick<EdgeMetrics, 'contentType' | 'render'>;

/** Answers `GET /metrics` with the metrics in the Prometheus text format; true when it answered. */
export function answerMetrics(metrics: Exposition, req: IncomingMessage, res: ServerResponse): boolean {
  if (toTargetPath(req.url) !== '/metrics') return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return true;
  }
  metrics.render().then(
    (text) =>
      res
        .writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' })
        .end(req.method === 'HEAD' ? undefined : text),
    () => res.writeHead(500).end(),
  );
  return true;
}

/** The metrics on their own listener (METRICS_HOST:METRICS_PORT, loopback by default), apart from public traffic. */
export async function serveMetrics(metrics: Exposition, host: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (!answerMetrics(metrics, req, res))
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found: the metrics are at /metrics\n');
  });
  // CONNECT never reaches the request handler: without this listener node:http destroys its socket unanswered.
  server.on('connect', (req: IncomingMessage, socket: Socket) => refuseConnect(req, socket));
  const bound = await bindServer(server, host, port);
  return { url: `${bound.url}/metrics`, close: bound.close };
}
