import { createServer, type Server } from 'node:http';
import { type Bound, bindServer } from '../../proxy/node/bind-server.ts';

/** How the tampering proxy breaks a deployment: each function may rewrite one answer. */
export type Tamper = (
  path: string,
  method: string,
  status: number,
  headers: Record<string, string>,
  body: string,
) => { status: number; headers: Record<string, string>; body: string };

/** A loopback proxy in front of a real deployment that alters answers on the way back: a deliberately broken server. */
export async function startTamperingProxy(target: string, tamper: Tamper, port = 0): Promise<Bound> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([k]) => k !== 'host' && k !== 'connection')
        .map(([k, v]) => [k, String(v)]),
    );
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const out: Record<string, string> = {};
    upstream.headers.forEach((v, k) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
    });
    const changed = tamper(new URL(req.url ?? '/', target).pathname, req.method ?? 'GET', upstream.status, out, await upstream.text());
    res.writeHead(changed.status, changed.headers).end(changed.body);
  });
  return bindServer(server, '127.0.0.1', port);
}
