import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { isAssetPath, PATHS } from '../../facts/paths.ts';
import { toRouteKey } from '../../proxy/routes.ts';

/** One exchange as it came on the wire: status line, headers and body bytes. */
export interface Exchange {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request of the parity matrix. */
export interface ParityRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

// Keep-alive, as clients and CDNs talk to an origin; a few sockets per door.
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/**
 * Sends one request to an origin over node:http and reads its answer. A request with a body goes on a connection of its
 * own: a server that answers without reading a body may close the connection after it (workerd does), and a client
 * that reused it would see the close, not an answer.
 */
export function send(origin: string, r: ParityRequest, keepAlive = r.body === undefined): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${r.path}`, { method: r.method, headers: r.headers, agent: keepAlive ? agent : false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, statusText: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

/** The representation's bytes: the body with its content coding undone. */
function decoded(exchange: Exchange): Buffer {
  const coding = exchange.headers['content-encoding'];
  if (exchange.body.length === 0) return exchange.body;
  if (coding === 'br') return brotliDecompressSync(exchange.body);
  if (coding === 'gzip') return gunzipSync(exchange.body);
  return exchange.body;
}

/**
 * What may differ between the Node door and the CDN (the worker in workerd with its asset layer), each for a reason of
 * the transport, never of what is answered:
 * - `date`: the time of each answer.
 * - `x-request-id` without one sent: a new id per answer (checked present on both). The asset store's own files
 *   (facts/paths.ts: isAssetPath) are answered by the CDN without any code of ours, so without an id (Cloudflare's
 *   `cf-ray` identifies them there).
 * - `etag`: each store's own validator of the same bytes (Node hashes what it holds; the asset store hashes its upload);
 *   checked present on the same answers, and each door's own answers 304 on that door (test/worker/parity.test.ts).
 * - `content-length` and `transfer-encoding`: framing; the bodies are compared instead.
 * - `content-encoding` when the request accepted a coding, and the bytes on the wire: Node sends the build's
 *   precompressed variants, Cloudflare compresses what it chooses at its own level; the bodies must decode to the same
 *   bytes, and any coding sent must be one the request accepted.
 * - `connection`, `keep-alive`: hop-by-hop (RFC 9110 §7.6.1). `cf-cache-status`: the asset layer's own marker.
 * - A method other than GET or HEAD on a path the asset store serves alone (facts/paths.ts: isAssetPath): the platform
 *   answers 405 before any code of ours runs; only the status is compared.
 * - A feedback receipt's id (the 202 to `POST /api/feedback`: its body and `Location`): each door's store makes its
 *   own random id (runtime/feedback/digest.ts newFeedbackId), so the id is replaced by one placeholder on both and
 *   every other byte compared.
 */
const TRANSPORT: ReadonlySet<string> = new Set([
  'date',
  'etag',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'cf-cache-status',
]);

const RECEIPT_ID = '<receipt id>';

/** An exchange with a feedback receipt's id (in its body and `Location`) replaced by RECEIPT_ID; any other as it is. */
function withoutReceiptId(r: ParityRequest, exchange: Exchange): Exchange {
  const path = new URL(r.path, 'http://parity.invalid').pathname;
  if (r.method !== 'POST' || toRouteKey(path) !== PATHS.feedback || exchange.status !== 202 || exchange.headers['content-encoding']) {
    return exchange;
  }
  const { id } = JSON.parse(exchange.body.toString('utf8')) as { id: string };
  const strip = (text: string) => text.replaceAll(id, RECEIPT_ID);
  return {
    ...exchange,
    headers: { ...exchange.headers, location: strip(String(exchange.headers.location)) },
    body: Buffer.from(strip(exchange.body.toString('utf8'))),
  };
}

/** The differences between two answers to one request, as readable lines (empty when the doors agree). */
export function toParityDifferences(r: ParityRequest, nodeAnswer: Exchange, cdnAnswer: Exchange): string[] {
  const [node, cdn] = [withoutReceiptId(r, nodeAnswer), withoutReceiptId(r, cdnAnswer)];
  const what = `${r.method} ${r.path} ${JSON.stringify(r.headers)}`;
  const out: string[] = [];
  if (node.status !== cdn.status) return [`${what}: status ${node.status} (Node) vs ${cdn.status} (CDN)`];
  if (r.method !== 'GET' && r.method !== 'HEAD' && isAssetPath(r.path)) return [];
  if (node.statusText !== cdn.statusText) out.push(`${what}: reason "${node.statusText}" vs "${cdn.statusText}"`);
  const accepted = r.headers['accept-encoding'];
  const names = new Set([...Object.keys(node.headers), ...Object.keys(cdn.headers)]);
  for (const name of names) {
    if (TRANSPORT.has(name)) continue;
    if (name === 'x-request-id' && (!r.headers['x-request-id'] || isAssetPath(r.path))) continue;
    if (name === 'content-encoding' && accepted) continue;
    const [a, b] = [String(node.headers[name]), String(cdn.headers[name])];
    if (a !== b) out.push(`${what}: ${name}: ${a} (Node) vs ${b} (CDN)`);
  }
  for (const [door, exchange] of [
    ['Node', node],
    ['CDN', cdn],
  ] as const) {
    const coding = exchange.headers['content-encoding'];
    if (coding && exchange.body.length > 0 && !(accepted ?? '').includes(String(coding)))
      out.push(`${what}: ${door} sent ${coding}, not accepted`);
    if (!exchange.headers['x-request-id'] && (door === 'Node' || !isAssetPath(r.path))) out.push(`${what}: ${door} sent no x-request-id`);
  }
  if ((node.headers.etag === undefined) !== (cdn.headers.etag === undefined)) out.push(`${what}: an ETag on one door only`);
  const [a, b] = [decoded(node), decoded(cdn)];
  if (!a.equals(b)) out.push(`${what}: bodies differ (${a.length} vs ${b.length} bytes decoded)`);
  return out;
}

/** Runs `task` over `items`, `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}
