import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeaderLookup } from '../../runtime/http/header-lookup.ts';
import { toTargetPath } from '../../runtime/node/target-path.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { RequestFacts } from '../observability/request-facts.ts';
import { toHeaderLookup } from './node-headers.ts';
import { toNodeRequestId } from './node-request-id.ts';
import { readNodeBody } from './read-node-body.ts';

// A path the URL parser leaves as it is: no dot segment (`.`, `..`, or `%2e` spellings), no backslash, nothing it
// would percent-encode.
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
const DOT_SEGMENT = /\/\.\.?(\/|$)/;

/**
 * The path a request names, as the web door reads it: the WHATWG URL parser's path of the target (RFC 3986 §5.2.4
 * dot segments removed, `%2e` read as a dot), so `/docs/../llms.txt` is `/llms.txt` on every door. Most targets need
 * no parsing and are taken as they are.
 */
export function toEdgePath(target: string | undefined): string {
  const path = toTargetPath(target);
  if (PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path)) return path;
  try {
    return new URL(path, 'http://edge.invalid').pathname;
  } catch {
    return path;
  }
}

/** Notes facts about a node:http request (the access log's). */
export type NoteNodeRequest = (req: IncomingMessage, facts: RequestFacts) => void;

/** A node:http request as the routes read it (proxy/edge-request.ts), with no web Request built around it. */
export class NodeEdgeRequest implements EdgeRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: HeaderLookup;
  readonly requestId: string;
  readonly #note: NoteNodeRequest;

  constructor(req: IncomingMessage, res: ServerResponse, note: NoteNodeRequest) {
    this.req = req;
    this.res = res;
    this.method = req.method!;
    this.path = toEdgePath(req.url);
    const target = req.url ?? '';
    const at = target.indexOf('?');
    this.query = at < 0 ? '' : target.slice(at + 1);
    this.headers = toHeaderLookup(req);
    this.requestId = toNodeRequestId(this.headers);
    this.#note = note;
    note(req, { requestId: this.requestId });
  }

  headerNames(): Iterable<string> {
    return Object.keys(this.req.headers);
  }

  clientAddress(): string {
    return this.req.socket.remoteAddress ?? '';
  }

  /** Bound: the MCP route hands it on as a function (proxy/mcp/read-message.ts). */
  readonly readBody = (limit: number): Promise<Uint8Array> => readNodeBody(this.req, this.res, limit);

  readonly note = (facts: RequestFacts): void => this.#note(this.req, facts);
}
