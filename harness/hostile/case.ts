/** The kinds of hostile traffic, one table row each. */
export const CATEGORIES = ['http', 'mcp', 'jwt', 'static', 'search', 'upstream'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One hostile request and what a correct server answers to it. */
export interface HostileCase {
  category: Category;
  /** A short description, printed when the answer is wrong. */
  name: string;
  /** The bytes to send, written one element at a time. */
  chunks: (string | Buffer)[];
  /** The statuses that are right (the oracle); the first response must have one of them. */
  expect: number[];
  /** A well-formed request: a health check follows on the same connection and must be answered 200. */
  keepAlive?: boolean;
  /** The response may break off after its head (an upstream that fails mid-body). */
  mayBreakOff?: boolean;
  /** A malformed request: the answer must carry Connection: close. */
  mustClose?: boolean;
  paceMs?: number;
  /** The first request is HEAD: its answer has no body whatever its Content-Length says. */
  head?: boolean;
  /** Bytes the body of a right answer must never hold (a file outside dist). */
  forbidden?: RegExp;
}

/** What the generators need to know about the server under test. */
export interface FuzzContext {
  /** JSON-RPC methods that pass without a token (content `mcp.public_methods`). */
  publicMethods: readonly string[];
  /** What `resources/read` may read without a token (build facts `public_resources`); any other read needs one. */
  publicResources?: readonly string[];
  /** A valid access token (scope warden:access) for this server. */
  goodToken: string;
  /** Attack tokens with the status each must get (jwt-cases.ts). */
  attackTokens: { name: string; token: string; expect: number }[];
  bodyLimitBytes: number;
  /** An Origin the MCP paths accept (the server's own). */
  ownOrigin: string;
}

/** One HTTP/1.1 request as raw bytes; `chunked` sends the body in chunks of the given size. */
export function toRawRequest(request: {
  method: string;
  target: string;
  headers?: [string, string][];
  body?: string | Buffer;
  chunked?: number;
}): string | Buffer {
  const headers: [string, string][] = [['Host', '127.0.0.1'], ...(request.headers ?? [])];
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  if (body && request.chunked) headers.push(['Transfer-Encoding', 'chunked']);
  else if (body) headers.push(['Content-Length', String(body.length)]);
  const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
  if (!body) return head;
  if (!request.chunked) return Buffer.concat([Buffer.from(head, 'latin1'), body]);
  const parts: Buffer[] = [Buffer.from(head, 'latin1')];
  for (let at = 0; at < body.length; at += request.chunked) {
    const piece = body.subarray(at, at + request.chunked);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** The request that follows a well-formed hostile one on the same connection, to show it survived. */
export const HEALTH_CHECK = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** A JSON-RPC POST to an MCP path. */
export function toMcpPost(path: string, body: string | Buffer, headers: [string, string][] = [], chunked?: number): string | Buffer {
  return toRawRequest({
    method: 'POST',
    target: path,
    headers: [['Content-Type', 'application/json'], ['Accept', 'application/json, text/event-stream'], ...headers],
    body,
    chunked,
  });
}
