// What the operator's feedback page shows, from what the operator's API answers (content/schemas/FeedbackList.yaml,
// FeedbackTraffic.yaml): pure functions, so the page's script only draws them.

/** One report as `GET /api/feedback` lists it: the members the page shows (FeedbackRecord.yaml). */
export interface FeedbackItem {
  id: string;
  received_at: string;
  page: string;
  source: string;
  helpful: boolean | null;
  kind: string | null;
  section: string | null;
  comment: string | null;
  agent: string | null;
  status: string;
}

/** A page's answers to "Was this page helpful?", from people, agents and tools alike. */
export interface PageVotes {
  page: string;
  helpful: number;
  notHelpful: number;
}

/** Per page, how many reports said it helped and how many said it did not; the most answered first. */
export function toPageVotes(items: readonly FeedbackItem[]): PageVotes[] {
  const pages = new Map<string, PageVotes>();
  for (const item of items) {
    if (item.helpful === null) continue;
    const votes = pages.get(item.page) ?? { page: item.page, helpful: 0, notHelpful: 0 };
    if (item.helpful) votes.helpful++;
    else votes.notHelpful++;
    pages.set(item.page, votes);
  }
  const total = (v: PageVotes) => v.helpful + v.notHelpful;
  return [...pages.values()].sort((a, b) => total(b) - total(a) || b.notHelpful - a.notHelpful || a.page.localeCompare(b.page));
}

/** The newest reports with a comment, newest first (the list comes newest first), at most `limit`. */
export function toNewestComments(items: readonly FeedbackItem[], limit: number): FeedbackItem[] {
  return items.filter((item) => item.comment !== null).slice(0, limit);
}

/** One row of `GET /api/feedback/traffic`. */
export interface TrafficRow {
  day: string;
  family: string;
  category: string;
  kind: string;
  count: number;
}

/** Requests per family of readers over every day and kind given, the busiest first. */
export function toFamilies(rows: readonly TrafficRow[]): Array<{ family: string; category: string; count: number }> {
  const families = new Map<string, { family: string; category: string; count: number }>();
  for (const row of rows) {
    const family = families.get(row.family) ?? { family: row.family, category: row.category, count: 0 };
    family.count += row.count;
    families.set(row.family, family);
  }
  return [...families.values()].sort((a, b) => b.count - a.count || a.family.localeCompare(b.family));
}
