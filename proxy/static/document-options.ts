import type { Answer } from '../plan/plan.ts';

/** Methods a browser may ask for on a public document. */
const PREFLIGHT_METHODS = 'GET, HEAD';
/** The methods a document answers, and OPTIONS, which says so (RFC 9110 §9.3.7). */
export const DOCUMENT_METHODS = `${PREFLIGHT_METHODS}, OPTIONS`;

/**
 * The answer to OPTIONS on a public document: its methods (RFC 9110 §9.3.7), and, for a CORS preflight, leave to
 * read it from any origin with any request header (Fetch standard §3.2.2; a browser MCP client's
 * `MCP-Protocol-Version` makes its discovery fetches preflighted). `*` covers every header but Authorization, which
 * no public document needs; the answer is the same for every origin, so it can be cached.
 */
export function toDocumentOptions(preflight: boolean): Answer {
  // No Content-Length on a 204 (RFC 9110 §8.6).
  const headers: Record<string, string> = { allow: DOCUMENT_METHODS };
  if (preflight) {
    headers['access-control-allow-methods'] = PREFLIGHT_METHODS;
    headers['access-control-allow-headers'] = '*';
    headers['access-control-max-age'] = '7200';
  }
  return { status: 204, headers, body: null };
}
