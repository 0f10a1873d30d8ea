import { sendRaw, type RawExchange } from '../raw-http.ts';
import { CATEGORIES, type Category, type HostileCase } from './case.ts';

/** How one hostile request went: right, or the one way it went wrong. */
export type Verdict = 'ok' | 'unexpected 5xx' | 'wrong status' | 'dropped' | 'hang';

/** Per category: how many requests were sent and how many went each wrong way, with a few examples. */
export interface CategoryTally {
  requests: number;
  '5xx': number;
  dropped: number;
  wrong: number;
  hangs: number;
  examples: string[];
}

/** Judges one exchange against its case (the oracle in `expect`, the connection rules in the flags). */
export function judge(c: HostileCase, ex: RawExchange): { verdict: Verdict; why?: string } {
  const first = ex.responses[0];
  const status = first?.status ?? ex.firstStatus;
  const lost = (why: string) => ({ verdict: ex.timedOut ? 'hang' : 'dropped', why }) as const;
  if (status === undefined) return lost('no answer');
  if (!c.expect.includes(status))
    return { verdict: status >= 500 ? 'unexpected 5xx' : 'wrong status', why: `got ${status}, want ${c.expect.join(' or ')}` };
  if (!first) return c.mayBreakOff ? { verdict: 'ok' } : lost(`${status} broken off`);
  if (c.mustClose && first.headers.connection !== 'close') return { verdict: 'wrong status', why: `${status} without Connection: close` };
  if (c.forbidden?.test(first.body.toString('latin1'))) return { verdict: 'wrong status', why: 'a file outside dist in the body' };
  if (c.keepAlive && first.headers.connection !== 'close' && ex.responses[1]?.status !== 200)
    return lost('the next request on the connection went unanswered');
  return { verdict: 'ok' };
}

/** Sends one case on a fresh connection and judges the answer. */
export async function runCase(
  origin: string,
  c: HostileCase,
  timeoutMs: number,
): Promise<{ verdict: Verdict; why?: string; requests: number }> {
  const ex = await sendRaw(origin, c.chunks, { expect: c.keepAlive ? 2 : 1, timeoutMs, paceMs: c.paceMs, headRequests: c.head ? 1 : 0 });
  return { ...judge(c, ex), requests: c.keepAlive ? 2 : 1 };
}

/** Runs cases `concurrency` at a time and tallies the verdicts by category. */
export async function runCases(
  origin: string,
  cases: HostileCase[],
  options: { concurrency: number; timeoutMs: number },
): Promise<Record<Category, CategoryTally>> {
  const tally = Object.fromEntries(
    CATEGORIES.map((c) => [c, { requests: 0, '5xx': 0, dropped: 0, wrong: 0, hangs: 0, examples: [] as string[] }]),
  ) as Record<Category, CategoryTally>;
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const { verdict, why, requests } = await runCase(origin, c, options.timeoutMs);
      const row = tally[c.category];
      row.requests += requests;
      if (verdict === 'ok') continue;
      const column = verdict === 'unexpected 5xx' ? '5xx' : verdict === 'wrong status' ? 'wrong' : verdict === 'hang' ? 'hangs' : 'dropped';
      row[column]++;
      if (row.examples.length < 5) row.examples.push(`${verdict}: ${c.name}: ${why}`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return tally;
}

/** The tally as a markdown table, one row per category. */
export function toTallyTable(tally: Record<Category, CategoryTally>): string {
  const rows = Object.entries(tally).map(
    ([name, t]) => `| ${name} | ${t.requests} | ${t['5xx']} | ${t.dropped} | ${t.wrong} | ${t.hangs} |`,
  );
  return [
    '| category | requests | unexpected 5xx | dropped without an answer | wrong status | hangs |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
