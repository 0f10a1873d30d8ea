import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '../../runtime/http/request-id.ts';
import { toHealthAnswer } from '../api/health.ts';
import type { AppConfig } from '../config.ts';
import type { RequestFacts } from '../observability/request-facts.ts';
import { toHeaderLookup } from './node-headers.ts';
import { toNodeRequestId } from './node-request-id.ts';

/**
 * The Node fast path for the health document (contract §2.1), for the route table's `health` route and its fast
 * methods (GET, HEAD): the app's document and headers, written with node:http's own writeHead/end (the document is
 * computed once, as the app's route does). Other methods are the app's (405 problems).
 */
export function createHealthFastPath(config: AppConfig, note: (req: IncomingMessage, facts: RequestFacts) => void) {
  const answer = toHealthAnswer(config);
  const body = Buffer.from(answer.body);
  // HEAD gets the same fields as GET, the length included (RFC 9110 §9.3.2): the app's, from one place.
  const head = Object.entries(answer.headers).flat();
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const requestId = toNodeRequestId(toHeaderLookup(req));
    note(req, { requestId });
    res.writeHead(200, [...head, REQUEST_ID_HEADER, requestId]);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
