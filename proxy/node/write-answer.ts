import type { ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '../../runtime/http/request-id.ts';
import type { Answer, HeaderRecord } from '../plan/plan.ts';
import { toWritten } from '../plan/written.ts';

/** A header record flattened once into node:http's fastest form, a `[name, value, …]` list, kept beside it. */
const FLAT = Symbol('flat head');
type Flattened = HeaderRecord & { [FLAT]?: string[] };

function toFlatHead(headers: Flattened): string[] {
  let flat = headers[FLAT];
  if (!flat) {
    flat = [];
    for (const name in headers) flat.push(name, headers[name]!);
    // Not enumerable: the record is still read as headers (web Headers, object spread) elsewhere.
    Object.defineProperty(headers, FLAT, { value: flat });
  }
  return flat;
}

/** Writes a web stream body to node:http, as it arrives, and ends the response. */
async function pipeStream(res: ServerResponse, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  res.once('close', () => void reader.cancel().catch(() => {}));
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (!res.write(chunk.value)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

/**
 * The node:http writer: an answer as the request gets it (proxy/plan/written.ts: 304, HEAD, the reason phrase),
 * with its id, written with writeHead/end. The headers of a remembered answer are flattened once.
 */
export function writeAnswer(res: ServerResponse, answer: Answer, requestId: string): void {
  const req = res.req;
  const written = toWritten(answer, req.method!, req.headers['if-none-match']);
  const head = toFlatHead(written.headers);
  res.writeHead(written.status, written.statusText, [...head, REQUEST_ID_HEADER, requestId]);
  const body = written.body;
  if (body instanceof ReadableStream) return void pipeStream(res, body).catch(() => res.destroy());
  if (!body && answer.body instanceof ReadableStream) void answer.body.cancel();
  res.end(body);
}
