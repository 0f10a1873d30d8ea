import { toDay } from '../../../runtime/feedback/client-key.ts';
import { toPageDigest } from '../../../runtime/feedback/digest.ts';
import type { StoredReport } from '../../../runtime/feedback/feedback-store.ts';
import { toTwinPath } from '../../../facts/paths.ts';
import { mergeCounts, type Tally } from '../../../runtime/feedback/tally.ts';
import { toCsv } from '../../../runtime/feedback/to-csv.ts';
import type { AppConfig } from '../../config.ts';
import type { EdgeRequest } from '../../edge-request.ts';
import { createProblemError } from '../../errors/http-errors.ts';
import { type Answer, toTextAnswer } from '../../plan/plan.ts';
import type { SiteFiles } from '../../static/static-files.ts';
import type { FeedbackDeps } from './feedback-deps.ts';
import { ListParamError, toCursor, toLimit, toReportFilter } from './list-params.ts';
import { callStore } from './store-call.ts';

/** The columns of a report, in the order the JSON items and the CSV rows give them (FeedbackRecord.yaml). */
export const RECORD_COLUMNS = [
  'id',
  'received_at',
  'page',
  'page_digest',
  'page_changed',
  'source',
  'helpful',
  'kind',
  'section',
  'comment',
  'agent',
  'status',
  'status_changed_at',
] as const;

const json = (value: unknown) => toTextAnswer(200, 'application/json', JSON.stringify(value), { vary: 'Accept' });

/** The operator's reads: the reports (JSON or CSV), the gaps and the traffic, each with what is still in memory counted in. */
export function createOperatorViews(config: AppConfig, files: SiteFiles, deps: FeedbackDeps & { tally?: Tally }) {
  const { errors } = config;
  const now = deps.now ?? Date.now;
  const badParam = (error: unknown): never => {
    if (error instanceof ListParamError) throw createProblemError(errors, 'feedback_query_invalid', { detail: `${error.message}.` });
    throw error;
  };
  /** The digest of each page's twin as it is now, to say which reports are about a page that changed since. */
  const currentDigests = async (reports: readonly StoredReport[]) => {
    const digests = new Map<string, string | null>();
    for (const page of new Set(reports.map((r) => r.page))) {
      const file = await files.get(toTwinPath(page));
      const bytes = !file
        ? undefined
        : file.body instanceof Uint8Array
          ? file.body
          : new Uint8Array(await new Response(file.body).arrayBuffer());
      digests.set(page, bytes ? await toPageDigest(bytes) : null);
    }
    return digests;
  };
  return {
    async list(request: EdgeRequest): Promise<Answer> {
      let filter: ReturnType<typeof toReportFilter>;
      try {
        filter = toReportFilter(request.query, config.baseUrl);
      } catch (error) {
        return badParam(error);
      }
      // One more than asked tells whether a next page exists.
      const rows = await callStore(errors, () => deps.store.list({ ...filter, limit: filter.limit + 1 }));
      const page = rows.slice(0, filter.limit);
      const digests = await currentDigests(page);
      const items = page.map((r) => ({ ...r, page_changed: r.page_digest !== (digests.get(r.page) ?? null) }));
      const next = rows.length > filter.limit ? toCursor(page.at(-1)!) : null;
      if (/\btext\/csv\b/i.test(request.headers.get('accept') ?? '')) {
        const csv = toCsv(RECORD_COLUMNS, items);
        return toTextAnswer(200, 'text/csv; charset=utf-8; header=present', csv, {
          vary: 'Accept',
          'content-disposition': 'attachment; filename="feedback.csv"',
          ...(next
            ? {
                link: `<${config.baseUrl}${request.path}?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(request.query)), cursor: next })}>; rel="next"`,
              }
            : {}),
        });
      }
      return json({ items: items.map((item) => Object.fromEntries(RECORD_COLUMNS.map((c) => [c, item[c]]))), next_cursor: next });
    },
    async gaps(request: EdgeRequest): Promise<Answer> {
      let limit = 50;
      try {
        limit = toLimit(new URLSearchParams(request.query), 'limit', 50, 200);
      } catch (error) {
        badParam(error);
      }
      const [questions, pages] = await callStore(errors, () =>
        Promise.all([deps.store.gaps('question', 1000), deps.store.gaps('page', 1000)]),
      );
      const pending = deps.tally?.peek().gaps ?? [];
      const merged = mergeCounts(
        {
          traffic: [],
          gaps: [
            ...questions.map((q) => ({ kind: 'question' as const, key: q.key, day: q.last_seen, count: q.count })),
            ...pages.map((p) => ({ kind: 'page' as const, key: p.key, day: p.last_seen, count: p.count })),
          ],
        },
        { traffic: [], gaps: pending },
      ).gaps.sort((a, b) => b.count - a.count || b.day.localeCompare(a.day) || a.key.localeCompare(b.key));
      const pick = (kind: 'question' | 'page', name: 'question' | 'path') =>
        merged
          .filter((g) => g.kind === kind)
          .slice(0, limit)
          .map((g) => ({ [name]: g.key, count: g.count, last_seen: g.day }));
      return json({ questions: pick('question', 'question'), missing_pages: pick('page', 'path') });
    },
    async traffic(request: EdgeRequest): Promise<Answer> {
      let days = 30;
      try {
        days = toLimit(new URLSearchParams(request.query), 'days', 30, 180);
      } catch (error) {
        badParam(error);
      }
      const since = toDay(now() - (days - 1) * 86_400_000);
      const stored = await callStore(errors, () => deps.store.traffic(since));
      const pending = (deps.tally?.peek().traffic ?? []).filter((t) => t.day >= since);
      const rows = mergeCounts({ traffic: stored, gaps: [] }, { traffic: pending, gaps: [] }).traffic.sort(
        (a, b) => b.day.localeCompare(a.day) || b.count - a.count || a.family.localeCompare(b.family) || a.kind.localeCompare(b.kind),
      );
      return json({ days: rows });
    },
  };
}
