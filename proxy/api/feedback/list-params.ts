import type { ReportFilter } from '../../../runtime/feedback/feedback-store.ts';
import { toFeedbackPage } from '../../../runtime/feedback/page-address.ts';

const SOURCES = ['page', 'agent', 'webmcp', 'mcp'];
export const STATUSES = ['new', 'acknowledged', 'resolved', 'dismissed'];

/** A parameter of the operator's view that is not valid: its name and why. */
export class ListParamError extends Error {
  override name = 'ListParamError';
  readonly param: string;
  constructor(param: string, reason: string) {
    super(`${param}: ${reason}`);
    this.param = param;
  }
}

/** A whole number from 1 to `max`, or the default when absent. */
export function toLimit(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    throw new ListParamError(name, `must be a whole number from 1 to ${max}`);
  return Number(raw);
}

/** A date (`2026-12-01`, the start of that UTC day) or a date-time, as the ISO instant the store compares with. */
function toInstant(name: string, raw: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00Z`) : new Date(raw);
  if (raw.length > 40 || Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(raw)) {
    throw new ListParamError(name, 'must be a date (2026-12-01) or a date-time (2026-12-01T09:30:00Z)');
  }
  return date.toISOString();
}

/** The cursor of a page: the received time and id of the last report of the previous one, base64url JSON. */
export function toCursor(report: { received_at: string; id: string }): string {
  return btoa(JSON.stringify([report.received_at, report.id]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromCursor(raw: string): ReportFilter['after'] {
  try {
    const [received_at, id] = JSON.parse(atob(raw.replace(/-/g, '+').replace(/_/g, '/'))) as unknown[];
    if (typeof received_at === 'string' && typeof id === 'string' && raw.length <= 200) return { received_at, id };
  } catch {
    // Not one of ours: refused below.
  }
  throw new ListParamError('cursor', 'must be the next_cursor of the previous answer');
}

/** The filters of `GET /api/feedback` (listFeedback.yaml), each checked; a bad one throws ListParamError naming it. */
export function toReportFilter(query: string, baseUrl: string): ReportFilter {
  const params = new URLSearchParams(query);
  const filter: ReportFilter = { limit: toLimit(params, 'limit', 50, 200) };
  const page = params.get('page');
  if (page !== null) {
    const named = toFeedbackPage(page, baseUrl);
    if (!named) throw new ListParamError('page', 'must be a page path (/docs/connect-mcp) or its URL on this site');
    filter.page = named.path;
  }
  const source = params.get('source');
  if (source !== null) {
    if (!SOURCES.includes(source)) throw new ListParamError('source', `must be one of ${SOURCES.join(', ')}`);
    filter.source = source;
  }
  const status = params.get('status');
  if (status !== null) {
    if (!STATUSES.includes(status)) throw new ListParamError('status', `must be one of ${STATUSES.join(', ')}`);
    filter.status = status;
  }
  const since = params.get('since');
  if (since !== null) filter.since = toInstant('since', since);
  const until = params.get('until');
  if (until !== null) filter.until = toInstant('until', until);
  const cursor = params.get('cursor');
  if (cursor !== null) filter.after = fromCursor(cursor);
  return filter;
}
