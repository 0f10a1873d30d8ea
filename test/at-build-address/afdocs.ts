import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startWorker } from '../../harness/start-worker.ts';
import { readEnv } from '../../proxy/config.ts';
import { startNodeDoor } from '../../proxy/node/start-node-door.ts';
import { PATHS } from '../../facts/paths.ts';
import { BASE_URL, DIST } from '../helpers/built-site.ts';
import { runAfdocs, toUnexplained } from '../helpers/run-afdocs.ts';
import { runAgentReadability, toFailedChecks } from '../helpers/run-agent-readability.ts';
import { makeFeedbackDir } from '../helpers/feedback-dir.ts';

// The Agent-Friendly Documentation Spec's own checker (afdocs) over the test build (the real content, built for a
// loopback address), served there from both doors: the Node edge server, then the worker in workerd on the same
// port (test/at-build-address holds that port for one suite at a time). No check may fail, and no warning may stand
// but those EXPLAINED_WARNINGS answers for. Over the same build, the Agent Readability Spec's audit of a docs page scores
// 96 or more: every check but the one that asks a missing page to answer 200 (RFC 9110 §15.5.5: a missing page is a
// 404, with a markdown body for agents).
const baseUrl = BASE_URL;
const port = Number(new URL(BASE_URL).port);
const dist = DIST;

/** Each result's line, and for a failed link check the links it found broken, so a failure says what to fix. */
const report = (results: { status: string; id: string; message: string; details?: Record<string, unknown> }[]) =>
  results
    .map((r) => {
      const pages = (r.status === 'pass' ? [] : (r.details?.pageResults ?? [])) as {
        url?: string;
        status?: string;
        samples?: { url?: string; resolvedUrl?: string; outcome?: string; status?: number; error?: string }[];
      }[];
      // The pages a warning or failure is about, and for a link check the links it found broken.
      const broken = pages.flatMap((p) => [
        ...(p.status && p.status !== 'pass' ? [`    ${p.url}: ${p.status}`] : []),
        ...(p.samples ?? [])
          .filter((x) => x.outcome !== 'ok')
          .map((x) => `    ${p.url} → ${x.resolvedUrl ?? x.url}: ${x.outcome} ${x.status ?? ''} ${x.error ?? ''}`),
      ]);
      return [`${r.status} ${r.id}: ${r.message}`, ...new Set(broken)].slice(0, 40).join('\n');
    })
    .join('\n');

/** The Node edge server over the build, on the port its base URL names (its upstream is not running: no check needs it). */
async function startEdge() {
  const facts = JSON.parse(readFileSync(join(dist, PATHS.buildInfo), 'utf8'));
  const env = readEnv({
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: baseUrl,
    APP_URL: facts.app_url,
    WARDEN_OUT_DIR: dist,
    FEEDBACK_DATA_DIR: makeFeedbackDir(),
    METRICS_PORT: 'off',
    LOG_LEVEL: 'silent',
  });
  return startNodeDoor(env, facts, { appUrl: facts.app_url, issuer: facts.auth_issuer });
}

describe('afdocs check', () => {
  it('on the Node edge server: no check fails, no unexplained warning', async () => {
    const server = await startEdge();
    try {
      const results = await runAfdocs(baseUrl);
      expect(results.length, report(results)).toBeGreaterThanOrEqual(28);
      expect(toUnexplained(results), report(results)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 300_000);

  it('the Agent Readability audit of /docs/overview on the Node edge server: 96 or more, only the missing-page check failing', async () => {
    const server = await startEdge();
    try {
      const report = await runAgentReadability(`${baseUrl}/docs/overview`);
      expect(toFailedChecks(report)).toEqual(['Missing page → markdown (recommended): returned 404']);
      expect(report.score).toBeGreaterThanOrEqual(96);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('on the worker in workerd: no check fails, no unexplained warning', async () => {
    const worker = await startWorker(dist, { port });
    try {
      const results = await runAfdocs(baseUrl);
      expect(toUnexplained(results), report(results)).toEqual([]);
    } finally {
      await worker.dispose();
    }
  }, 300_000);
});
