import type { Answer, HeaderRecord } from '../plan/plan.ts';
import { isEventStreamType } from '../forward/forwarder.ts';
import { toCorsHeaders } from '../mcp/cors.ts';
import { isClientHeader } from '../mcp/upstream-headers.ts';

/**
 * An MCP SDK answer as a plan (proxy/plan/plan.ts): the headers the tool endpoint relays from its upstream, the CORS
 * headers of an allowed browser origin, and the body: an event stream as it comes (a `subscriptions/listen` stream
 * stays open), anything else read whole, with its length, so both doors write the same bytes.
 */
export async function toSdkAnswer(response: Response, origin: string | null): Promise<Answer> {
  const headers: HeaderRecord = {};
  response.headers.forEach((value, name) => {
    if (isClientHeader(name) && name !== 'content-length') headers[name] = value;
  });
  Object.assign(headers, toCorsHeaders(origin));
  if (isEventStreamType(response.headers.get('content-type'))) return { status: response.status, headers, body: response.body };
  const body = new Uint8Array(await response.arrayBuffer());
  headers['content-length'] = String(body.byteLength);
  return { status: response.status, headers, body: body.byteLength > 0 ? body : null };
}
