import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { needsCredential } from '../../runtime/mcp/needs-credential.ts';
import type { FuzzKeys } from './fuzz-tokens.ts';

/** Ways the upstream misbehaves, chosen by a tools/call's `arguments.fault` (upstream-cases.ts). */
export const FAULTS = [
  'ok',
  'reset',
  'close',
  'garbage',
  'slow-headers',
  'slow-then-ok',
  'stall-json',
  'stall-sse',
  'reset-mid-body',
  'bad-chunk',
  'huge-header',
  'bad-length',
  'upstream-401',
  'upstream-403',
  'upstream-500',
  'drip',
] as const;
export type Fault = (typeof FAULTS)[number];

/** The recording upstream: what reached it, and every request that should never have. */
export interface RecordingUpstream {
  url: string;
  /** Requests that needed a valid token and arrived without one: the gate was bypassed. */
  bypasses: { method: string; reason: string }[];
  received: number;
  close(): Promise<void>;
}

/**
 * A stand-in for `<app_url>` that serves the fuzz's JWK Set at /jwks and answers /mcp: 200 to requests, 202 to
 * notifications, 405 to GET and DELETE, or the fault a tools/call asks for. Every message that needs a credential
 * is checked here too, with the same key set: one that arrives without a valid token is recorded as a bypass.
 */
export async function startRecordingUpstream(
  keys: FuzzKeys,
  publicMethods: readonly string[],
  timing: { timeoutMs: number },
  publicResources: readonly string[] = [],
): Promise<RecordingUpstream> {
  const bypasses: RecordingUpstream['bypasses'] = [];
  let received = 0;
  const hasValidToken = async (req: IncomingMessage): Promise<string | undefined> => {
    const token = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return 'no Bearer token';
    try {
      const { payload } = await jwtVerify(token, keys.getKey, {
        issuer: keys.issuer,
        audience: keys.audience,
        typ: 'at+jwt',
        requiredClaims: ['sub', 'exp'],
      });
      return String(payload.scope ?? '')
        .split(' ')
        .includes('warden:access')
        ? undefined
        : 'no warden:access scope';
    } catch (error) {
      return `invalid token (${(error as Error).message})`;
    }
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url === '/jwks') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys.jwks));
    received++;
    let message: { id?: unknown; method?: unknown; params?: { arguments?: { fault?: Fault } } } | undefined;
    try {
      message = req.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    } catch {
      bypasses.push({ method: req.method ?? '', reason: 'a body that is not JSON reached the upstream' });
    }
    const method = typeof message?.method === 'string' ? message.method : undefined;
    const gated =
      req.method === 'DELETE' ||
      (req.method === 'POST' &&
        needsCredential(
          { method, hasId: message !== undefined && 'id' in message, params: message?.params },
          publicMethods,
          publicResources,
        ));
    if (gated) {
      const why = await hasValidToken(req);
      if (why) bypasses.push({ method: method ?? req.method ?? '', reason: why });
    }
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    if (!message || !('id' in message)) return void res.writeHead(202).end();
    answer(req, res, message.id, method === 'tools/call' ? (message.params?.arguments?.fault ?? 'ok') : 'ok', timing.timeoutMs);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bypasses,
    get received() {
      return received;
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

function answer(req: IncomingMessage, res: ServerResponse, id: unknown, fault: Fault, timeoutMs: number): void {
  const result = JSON.stringify({ jsonrpc: '2.0', id, result: { content: [] } });
  const json = { 'content-type': 'application/json' };
  const sse = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
  const socket = req.socket;
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(run, ms);
    res.once('close', () => clearTimeout(timer));
  };
  switch (fault) {
    case 'reset':
      return void socket.resetAndDestroy();
    case 'close':
      return void socket.end();
    case 'garbage':
      return void socket.end('NOT HTTP AT ALL\r\n\r\n');
    case 'slow-headers':
      later(timeoutMs * 3, () => res.writeHead(200, json).end(result));
      return;
    case 'slow-then-ok':
      later(timeoutMs / 4, () => res.writeHead(200, json).end(result));
      return;
    case 'stall-json':
      return void res.writeHead(200, { ...json, 'content-length': String(result.length + 10) }).write(result.slice(0, 10));
    case 'stall-sse':
      return void res.writeHead(200, sse).write(`event: message\ndata: ${result}\n\n`);
    case 'reset-mid-body':
      res.writeHead(200, { ...json, 'content-length': String(result.length) }).write(result.slice(0, 5));
      later(20, () => socket.resetAndDestroy());
      return;
    case 'bad-chunk':
      return void socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n');
    case 'huge-header':
      return void res.writeHead(200, { ...json, 'x-huge': 'h'.repeat(20_000) }).end(result);
    case 'bad-length':
      return void socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}');
    case 'upstream-401':
      return void res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token", error_description="revoked"' }).end();
    case 'upstream-403':
      return void res.writeHead(403, { 'www-authenticate': 'Bearer error="insufficient_scope", scope="warden:access"' }).end();
    case 'upstream-500':
      return void res.writeHead(500, json).end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } }));
    case 'drip': {
      res.writeHead(200, sse);
      let sent = 0;
      const tick = () => {
        if (++sent < 5) {
          res.write(`event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n`);
          later(50, tick);
          return;
        }
        res.end(`event: message\ndata: ${result}\n\n`);
      };
      tick();
      return;
    }
    default:
      return void res.writeHead(200, json).end(result);
  }
}
