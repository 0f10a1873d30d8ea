import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listFiles } from '../../runtime/node/list-files.ts';
import { PATHS } from '../../facts/paths.ts';
import { loadSearchIndex } from '../../runtime/search/load-search-index.ts';
import { rankPages } from '../../runtime/search/rank-pages.ts';
import { readQuestions, type Question } from '../../harness/search/questions.ts';
import { scoreRanking, type RankedAnswer, type RankingScores } from '../../harness/search/score-ranking.ts';
import { measureSearchBox, serveStaticBuild, type SearchBoxCost } from '../lib/search-box-cost.ts';
import { FRESH_STARTS, ROUNDS, nodeLatency, workerdLatency, type SearchSite } from '../lib/search-latency.ts';
import { createOurSite } from '../lib/generated-site.ts';
import { runAstroBuild } from '../../scripts/run-build.ts';
import { removeProjectCopy } from '../../harness/project-copy.ts';
import { num, toTable } from '../lib/report.ts';
import { median } from '../lib/bench-config.ts';

/** Builds the real content plus `count` generated pages into a fresh temp folder (the search index is what is measured); returns it. */
export async function buildSearchSite(count: number): Promise<string> {
  const project = createOurSite(count);
  const dist = mkdtempSync(join(tmpdir(), 'warden-search-dist-'));
  try {
    await runAstroBuild(
      { NODE_ENV: 'production', WARDEN_OUT_DIR: dist, BASE_URL: 'http://127.0.0.1:4321', APP_URL: 'http://127.0.0.1:4322' },
      { cwd: project },
    );
  } finally {
    removeProjectCopy(project);
  }
  return dist;
}

/** Our ranking of each question, from the index the build wrote into `dist`. */
async function rankOurs(dist: string, questions: readonly Question[]): Promise<RankedAnswer[][]> {
  const index = await loadSearchIndex(async (path) => readFileSync(join(dist, path), 'utf8'));
  const answers: RankedAnswer[][] = [];
  for (const q of questions)
    answers.push((await rankPages(index, { q: q.q, limit: 10 })).map((h) => ({ path: h.path, fragment: h.fragment })));
  return answers;
}

const scoreRow = (name: string, set: string, s: RankingScores) => [
  name,
  set,
  s.questions,
  s.recall1.toFixed(3),
  s.recall3.toFixed(3),
  s.mrr.toFixed(3),
  s.section1.toFixed(3),
];

/** The index's files and its share of dist. */
function indexSize(site: SearchSite): (string | number)[] {
  const folder = join(site.dist, PATHS.searchIndex);
  const files = listFiles(folder).filter((f) => f.endsWith('.json'));
  const bytes = files.reduce((n, f) => n + statSync(join(folder, f)).size, 0);
  const core = statSync(join(folder, 'core.json')).size;
  const distBytes = listFiles(site.dist).reduce((n, f) => n + statSync(join(site.dist, f)).size, 0);
  const pages = (JSON.parse(readFileSync(join(folder, 'core.json'), 'utf8')) as { pages: unknown[] }).pages.length;
  return [
    site.name,
    num(pages),
    files.length,
    num(core / 1024),
    num((bytes - core) / 1024),
    num(bytes / pages / 1024, 2),
    `${((100 * bytes) / distBytes).toFixed(1)}%`,
  ];
}

/** The search box typed into over a site served by a plain static host (no edge): its answers and what it cost the browser. */
async function measureBox(site: SearchSite, queries: readonly string[]): Promise<SearchBoxCost> {
  const host = await serveStaticBuild(site.dist);
  try {
    return await measureSearchBox(host, queries);
  } finally {
    await host.close();
  }
}

const at = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;
const kib = (bytes: number) => num(bytes / 1024, 1);

function costRow(site: SearchSite, cost: SearchBoxCost): (string | number)[] {
  const laterMean = cost.later.bytes.reduce((n, b) => n + b, 0) / Math.max(cost.later.bytes.length, 1);
  return [
    site.name,
    kib(cost.pageViewBytes),
    `${kib(cost.first.bytes)} (${cost.first.requests})`,
    num(cost.first.ms, 0),
    kib(median(cost.later.bytes)),
    kib(laterMean),
    kib(Math.max(0, ...cost.later.bytes)),
    num(at(cost.later.ms, 0.5), 0),
    num(at(cost.later.ms, 0.95), 0),
  ];
}

/**
 * `/api/search`'s ranking and the docs' search box's (typed into in the browser) over the same built site, on the
 * question set of harness/search/questions.yaml (tuned and held-out apart); what the box costs the browser; the
 * index's size and its first and later query times on Node and in workerd, at the real content and at the 5,000-page
 * site. Returns a markdown section.
 */
export async function benchSearch(sites: readonly SearchSite[]): Promise<string> {
  const questions = readQuestions();
  const sets: Array<[string, (q: Question) => boolean]> = [
    ['tuned', (q) => !q.holdout],
    ['held out', (q) => q.holdout === true],
    ['all', () => true],
  ];
  const queries = questions.map((q) => q.q);
  const ours = await rankOurs(sites[0]!.dist, questions);
  const boxes: SearchBoxCost[] = [];
  for (const site of sites) boxes.push(await measureBox(site, queries));
  const scoreRows = sets.flatMap(([set, pick]) => {
    const chosen = questions.map((q, i) => [q, i] as const).filter(([q]) => pick(q));
    const score = (answers: RankedAnswer[][]) =>
      scoreRanking(
        chosen.map(([q]) => q),
        chosen.map(([, i]) => answers[i]!),
      );
    return [scoreRow('/api/search', set, score(ours)), scoreRow('the search box, through the page', set, score(boxes[0]!.answers))];
  });
  const latency = [];
  for (const site of sites) latency.push(await nodeLatency(site, queries), await workerdLatency(site, queries));
  return [
    '## Search for agents',
    '',
    `${questions.length} questions (harness/search/questions.yaml), each with the page and section that answers it, over the real content build: \`/api/search\`'s ranking (runtime/search, from the build's index, limit 10) and the docs' search box (the same index and code in the browser: each question typed into the box in Debian's Chromium, the links it shows read, limit 5 as the endpoint's default; the site served by a static host, sirv, with no edge). Recall@k: the answering page among the first k results; MRR by page; section: the first result is the right page and points at the right section. The ranking was tuned on the "tuned" questions only. Goal: recall@3 ≥ 0.9, and the box scoring what the endpoint scores. Pagefind's scores before it was removed are in the notes.`,
    '',
    toTable(['ranking', 'questions', 'n', 'recall@1', 'recall@3', 'MRR', 'section@1'], scoreRows),
    '',
    '### The search box in the browser',
    '',
    `What the docs' search box costs a browser, per site: the question set typed into the box of one page (\`/docs/overview\`, no reload) in Debian's Chromium, the site served by sirv with the build's brotli files. Bytes are response bodies as sent, counted at the server (so a fetch from a worker counts too), the browser's cache on as in a session. Page view: search's files a page fetches before anyone searches (the box's script). First query: from opening the dialog (which imports the engine and reads the core file) to the first question's results shown, with the requests made. Later: each further question, from typing to its results shown. Time is wall time at the client on loopback.`,
    '',
    toTable(
      [
        'site',
        'page view KiB',
        'first query KiB (requests)',
        'first query ms',
        'later KiB median',
        'later KiB mean',
        'later KiB max',
        'later ms p50',
        'later ms p95',
      ],
      sites.map((site, i) => costRow(site, boxes[i]!)),
    ),
    '',
    '### Index size',
    '',
    toTable(['site', 'pages', 'files', 'core KiB', 'shards KiB (terms, text)', 'KiB a page', 'share of dist'], sites.map(indexSize)),
    '',
    `### Query time (ms)`,
    '',
    `Through the real doors: \`GET /api/search?q=…\` to the edge as \`npm run serve\` runs it, and to the worker in workerd with wrangler.jsonc's settings. First query: the first search of a fresh process or a fresh isolate (after one request that loads no index), so it includes loading the index (Node from the files in memory, the worker through its ASSETS binding); median of ${FRESH_STARTS} starts. Later: p50 and p99 of the question set, ${ROUNDS} rounds on Node, ${ROUNDS / 4} in workerd, limit 5 with snippets. Wall time at the client on loopback, the round trip included. RSS: the Node process after the queries.`,
    '',
    toTable(['site', 'door', 'first query ms', 'later p50 ms', 'later p99 ms', 'RSS MiB'], latency),
  ].join('\n');
}
