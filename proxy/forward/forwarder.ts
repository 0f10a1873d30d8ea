/** One request to the upstream hosted tool endpoint. */
export interface UpstreamRequest {
  method: string;
  url: string;
  headers: Headers;
  body: Uint8Array | null;
  /** Aborted when the client goes away; the forwarder must then release the upstream request. */
  signal: AbortSignal;
  /**
   * How long the body may stall after the headers: an event stream then ends cleanly, any other body breaks off
   * (proxy/forward/idle-watch.ts). `onIdle` is told the answer's status, which may be before the answer is handed over.
   */
  idle: { ms: number; onIdle?: (status: number) => void };
}

/** The same, from the Content-Type value. */
export const isEventStreamType = (contentType: string | null | undefined): boolean => (contentType ?? '').startsWith('text/event-stream');

/**
 * Sends a request upstream and resolves with a streaming Response as soon as headers arrive, its headers the
 * caller's to change.
 * Rejects with UpstreamError when the upstream cannot be reached or is slower than the timeout;
 * a failure after the headers errors the body stream instead.
 */
export type Forwarder = (request: UpstreamRequest) => Promise<Response>;

/** The upstream could not be reached or broke its answer (→ 502), or did not answer in time (→ 504). */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly kind: 'unreachable' | 'timeout';
  /** What happened, for the error log (`ECONNREFUSED`, `ECONNRESET`, `HPE_INVALID_CHUNK_SIZE`, `timeout`); never sent to a client. */
  readonly reason: string;
  constructor(kind: 'unreachable' | 'timeout', reason: string = kind) {
    super(kind === 'timeout' ? 'upstream timed out' : `upstream unreachable (${reason})`);
    this.kind = kind;
    this.reason = reason;
  }
}

/** Statuses whose responses never have a body (RFC 9110 §6.4.1), so `new Response(body)` must get null. */
export function isBodyless(status: number, method: string): boolean {
  return method === 'HEAD' || status === 204 || status === 205 || status === 304 || status < 200;
}
