import { toStatusText } from '../../runtime/http/status-text.ts';
import type { Answer, HeaderRecord } from './plan.ts';

/** What one request gets of an answer: its status and reason phrase, headers and body. */
export interface Written {
  status: number;
  statusText: string;
  headers: HeaderRecord;
  body: Answer['body'];
}

/** RFC 9110 §13.1.2: If-None-Match matches with the weak comparison; `*` matches any current representation. */
export function isNotModified(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** Headers a 304 leaves out: it describes the selected representation but carries none of its content (RFC 9110 §15.4.5). */
const NOT_FOR_304: ReadonlySet<string> = new Set(['content-type', 'content-length', 'content-encoding']);

/** An answer's 304 headers, made once per answer (answers of static files are remembered and written many times). */
const NOT_MODIFIED = Symbol('304 headers');
type WithNotModified = Answer & { [NOT_MODIFIED]?: HeaderRecord };

function toNotModifiedHeaders(answer: WithNotModified): HeaderRecord {
  let headers = answer[NOT_MODIFIED];
  if (!headers) {
    headers = {};
    for (const name in answer.headers) if (!NOT_FOR_304.has(name)) headers[name] = answer.headers[name]!;
    answer[NOT_MODIFIED] = headers;
  }
  return headers;
}

/**
 * What a request gets of an answer, on every runtime: 304 when a GET or HEAD names its entity tag (RFC 9110
 * §13.1.2, §15.4.5), no content for HEAD, whose headers are GET's, the length included (§9.3.2), and the reason
 * phrase of its status. The request's id is added by the writer, which holds it.
 */
export function toWritten(answer: Answer, method: string, ifNoneMatch: string | null | undefined): Written {
  if (answer.etag && (method === 'GET' || method === 'HEAD') && isNotModified(ifNoneMatch, answer.etag)) {
    return { status: 304, statusText: toStatusText(304), headers: toNotModifiedHeaders(answer), body: null };
  }
  return {
    status: answer.status,
    statusText: toStatusText(answer.status),
    headers: answer.headers,
    body: method === 'HEAD' ? null : answer.body,
  };
}
