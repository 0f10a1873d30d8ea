import { toRequestId } from '../../runtime/http/request-id.ts';
import type { EdgeRequest } from '../edge-request.ts';
import { readLimitedBody } from '../mcp/read-body.ts';
import type { Note } from '../observability/request-facts.ts';

/**
 * A web Request as the routes read it; `path` is the URL's path as sent (percent-encoded). The client's address is
 * the host's to say (the worker's `CF-Connecting-IP`, the dev server's socket); none, it is ''.
 */
export function toWebEdgeRequest(
  request: Request,
  url: { pathname: string; search: string },
  note: Note = () => {},
  clientAddress: (request: Request) => string = () => '',
): EdgeRequest {
  const requestId = toRequestId(request.headers);
  // Noted first, as the Node door notes it: the access log keys every line by it.
  note({ requestId });
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    headers: request.headers,
    headerNames: () => request.headers.keys(),
    clientAddress: () => clientAddress(request),
    readBody: (limit) => readLimitedBody(request, limit),
    requestId,
    note,
  };
}
