// A report on a page of this site, sent to its own edge (POST /api/feedback, same origin): what the page's form and the
// pages' WebMCP tool both send, each naming its door (`?source=`), as the edge lets the site's own pages do.
import { PATHS } from '../../../facts/paths.ts';

/** The receipt of a stored report (content/schemas/FeedbackReceipt.yaml). */
export interface FeedbackReceipt {
  id: string;
  status: string;
  status_url: string;
  unknown_fields?: string[];
}

/** What became of a report: its receipt, or why it was not stored (the problem's code and detail; none when unreachable). */
export type SentReport = { ok: true; receipt: FeedbackReceipt } | { ok: false; status: number; code?: string; detail?: string };

/** Sends one report from `source`: the page's form (`page`) or the pages' WebMCP tool (`webmcp`). Never throws. */
export async function sendReport(report: Record<string, unknown>, source: 'page' | 'webmcp', signal?: AbortSignal): Promise<SentReport> {
  let response: Response;
  try {
    response = await fetch(`${PATHS.feedback}?source=${source}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(report),
      signal,
    });
  } catch {
    return { ok: false, status: 0 };
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 202 && typeof body.id === 'string') return { ok: true, receipt: body as unknown as FeedbackReceipt };
  return {
    ok: false,
    status: response.status,
    code: typeof body.code === 'string' ? body.code : undefined,
    detail: typeof body.detail === 'string' ? body.detail : `HTTP ${response.status}`,
  };
}
