import type { Errors } from '../../../facts/problem.ts';
import type { EdgeRequest } from '../../edge-request.ts';
import { createProblemError } from '../../errors/http-errors.ts';
import { BodyTooLargeError } from '../../mcp/read-body.ts';

/** Whether a Content-Type names JSON (`application/json`, any parameters; RFC 8259 §11). */
const isJson = (type: string | null) => type !== null && /^application\/json\s*(;|$)/i.test(type.trim());

/**
 * The JSON body of a write to the feedback routes: `application/json` only (else 415: a form post from another site
 * is a simple request with no preflight, so it must not be read), at most `limit` bytes (else 413), one JSON value
 * (else 400). What the value must be is the caller's to check.
 */
export async function readJsonBody(errors: Errors, request: EdgeRequest, limit: number): Promise<unknown> {
  if (!isJson(request.headers.get('content-type'))) {
    throw createProblemError(errors, 'feedback_media_type', { detail: 'Send the body as JSON, with Content-Type application/json.' });
  }
  let bytes: Uint8Array;
  try {
    bytes = await request.readBody(limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw createProblemError(errors, 'feedback_too_large', { detail: `The body is over ${limit} bytes.` });
    }
    throw createProblemError(errors, 'feedback_body_invalid', { detail: 'The body ended before it was complete.' });
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw createProblemError(errors, 'feedback_body_invalid', { detail: 'The body is not valid JSON (UTF-8).' });
  }
}
