/** An incoming X-Request-Id is kept when it is short and plain: no spaces, quotes or control characters to log. */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;
/** W3C Trace Context §3.2: version 00, a 16-byte trace id (not all zeros), an 8-byte parent id, flags. */
const TRACEPARENT = /^00-((?!0{32})[0-9a-f]{32})-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;

const newId = (): string => crypto.randomUUID();

/** The header that carries a request's id in both directions and to the upstream. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The `traceparent` of a request when it is well formed (W3C Trace Context §3.2), else undefined. */
export function toTraceparent(headers: Pick<Headers, 'get'>): string | undefined {
  const value = headers.get('traceparent')?.trim().toLowerCase();
  return value && TRACEPARENT.test(value) ? value : undefined;
}

/**
 * The id one request is followed by across the CDN, the edge and the upstream: a valid incoming X-Request-Id,
 * else the trace id of a valid W3C `traceparent`, else a new random one.
 */
export function toRequestId(headers: Pick<Headers, 'get'>, makeId: () => string = newId): string {
  const incoming = headers.get(REQUEST_ID_HEADER)?.trim();
  if (incoming && REQUEST_ID.test(incoming)) return incoming;
  const traceparent = toTraceparent(headers);
  return traceparent ? traceparent.slice(3, 35) : makeId();
}
