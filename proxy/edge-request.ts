import type { HeaderLookup } from '../runtime/http/header-lookup.ts';
import type { Note } from './observability/request-facts.ts';

/**
 * A request as every route sees it, whichever runtime carries it: node:http's IncomingMessage
 * (proxy/node/node-request.ts) or a web Request (proxy/web/web-request.ts). Routes read only this, so they plan the
 * same answer on every door.
 */
export interface EdgeRequest {
  readonly method: string;
  /** The request path as received: percent-encoded, without the query. */
  readonly path: string;
  /** The query as received, without its `?` (empty when there is none). */
  readonly query: string;
  /** Header values as web `Headers.get` reads them (runtime/http/header-lookup.ts). */
  readonly headers: HeaderLookup;
  /** The request's header names, lower case. */
  headerNames(): Iterable<string>;
  /** Reads the whole body, refusing it past `limit` bytes (proxy/mcp/read-body.ts: BodyTooLargeError, BodyIncompleteError). */
  readBody(limit: number): Promise<Uint8Array>;
  /** The address of the peer that sent the request (its socket's on Node, the platform's in the worker); '' when unknown. */
  clientAddress(): string;
  /** The id the answer, the logs and the upstream carry (runtime/http/request-id.ts). */
  readonly requestId: string;
  /** Notes what is learned about the request for the host's access log and metrics (a no-op where there are none). */
  readonly note: Note;
}
