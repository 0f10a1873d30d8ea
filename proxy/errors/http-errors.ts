import { HTTPError } from 'h3';
import type { Errors } from '../../facts/problem.ts';

/** What the problem renderer needs beyond the status: the content code and this occurrence's detail. */
export interface ErrorData {
  /** RFC 9457 `code` (content/errors.yaml `problems`). */
  problemCode?: string;
  /** A safe, human-readable explanation of this occurrence; never an internal cause. */
  detail?: string;
  /** The member of the request at fault, as the problem's `field` extension member (RFC 9457 §3.2). */
  field?: string;
}

/** An HTTPError carrying a problem code; its status is the code's status in content/errors.yaml (RFC 9457 §3.1). */
export function createProblemError(
  errors: Errors,
  code: string,
  options: { detail?: string; headers?: HeadersInit; field?: string; cause?: unknown } = {},
): HTTPError<ErrorData> {
  const entry = errors.problems.find((p) => p.code === code);
  if (!entry) throw new Error(`content/errors.yaml has no problem code "${code}"`);
  return new HTTPError<ErrorData>({
    status: entry.status,
    message: entry.title,
    headers: options.headers,
    cause: options.cause,
    data: { problemCode: code, detail: options.detail, ...(options.field === undefined ? {} : { field: options.field }) },
  });
}
