// A question the docs' search box found nothing for, told to the edge: the edge counts every `GET /api/search` that
// finds nothing as a gap the authors should see, so the report is that request itself. Sent only where an edge
// answered the page (a static host would answer it with a 404), and once per question per page view.
import { PATHS } from '../../../facts/paths.ts';
import { hasEdge } from '../feedback/edge.ts';

const reported = new Set<string>();

/** Tells the edge that `q` found nothing, unless there is no edge or this page already told it; never throws. */
export function reportMiss(q: string): void {
  const question = q.trim();
  const key = question.toLowerCase().replace(/\s+/g, ' ');
  if (question === '' || reported.has(key) || !hasEdge()) return;
  reported.add(key);
  // No cache: each page view's question is counted, not answered by the browser from an earlier one.
  fetch(`${PATHS.search}?${new URLSearchParams({ q: question })}`, { cache: 'no-store', headers: { Accept: 'application/json' } })
    .then((response) => response.body?.cancel())
    .catch(() => {});
}
