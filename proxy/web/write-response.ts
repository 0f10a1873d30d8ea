import { REQUEST_ID_HEADER } from '../../runtime/http/request-id.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { Answer } from '../plan/plan.ts';
import { toWritten } from '../plan/written.ts';

/**
 * The web writer: an answer as a `Response` (the worker, `npm run dev`, `app.request()` in tests), with what the
 * request gets of it (proxy/plan/written.ts: 304, HEAD, the reason phrase) and its id. A streamed body that is not
 * sent (HEAD, 304) is released rather than left to the platform.
 */
export function toResponse(answer: Answer, request: EdgeRequest): Response {
  const written = toWritten(answer, request.method, request.headers.get('if-none-match'));
  if (!written.body && answer.body instanceof ReadableStream) void answer.body.cancel();
  const headers = new Headers(written.headers);
  headers.set(REQUEST_ID_HEADER, request.requestId);
  return new Response(written.body as BodyInit | null, { status: written.status, statusText: written.statusText, headers });
}
