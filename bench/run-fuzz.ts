/**
 * `npm run fuzz`: the robustness suite at full size against a running edge server process (proxy/serve.ts over a
 * fresh build), its upstream the recording upstream; then a soak of that process. Prints per category: requests,
 * unexpected 5xx, connections dropped without an answer, wrong statuses, hangs; the gate bypasses; the RSS over
 * the soak. Exits 1 on any of them. FUZZ_* variables set the size.
 */
import { rmSync } from 'node:fs';
import { z } from 'zod';
import { spawnServer } from './lib/spawn-server.ts';
import { buildDist } from '../harness/build-dist.ts';
import { getFreePort } from '../harness/free-port.ts';
import { createFuzzContext, sampleCases } from '../harness/hostile/fuzz-context.ts';
import { createFuzzKeys } from '../harness/hostile/fuzz-tokens.ts';
import { startRecordingUpstream } from '../harness/hostile/recording-upstream.ts';
import { getContentDir, readContent } from '../content-model/read-content.ts';
import { toSkillUri } from '../facts/paths.ts';
import { runCases, toTallyTable } from '../harness/hostile/run-cases.ts';
import { runSoak, toRssSummary } from '../harness/soak.ts';
import { readBuildFacts } from '../proxy/node/build-info.ts';

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const config = z
  .object({
    FUZZ_RUNS: int(5000),
    FUZZ_SEED: int(13),
    FUZZ_CONCURRENCY: int(16),
    FUZZ_TIMEOUT_MS: int(8000),
    FUZZ_SOAK_SECONDS: int(60),
    FUZZ_SOAK_CONNECTIONS: int(64),
  })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([k, v]) => k.startsWith('FUZZ_') && v !== '')));
const started = Date.now();
const log = (line: string) => console.error(`[fuzz +${Math.round((Date.now() - started) / 1000)}s] ${line}`);
const TIMING = { UPSTREAM_TIMEOUT_MS: 1000, UPSTREAM_IDLE_TIMEOUT_MS: 1000 };

const edgePort = await getFreePort();
const baseUrl = `http://127.0.0.1:${edgePort}`;
const issuer = 'https://auth.fuzz.example';
const keys = await createFuzzKeys(issuer, baseUrl);
// The gate the upstream checks for bypasses is the content's: its public methods and the published skills.
const content = readContent(getContentDir(), { BASE_URL: baseUrl });
const publicResources = content.skills.map((skill) => toSkillUri(skill.name));
const upstream = await startRecordingUpstream(
  keys,
  content.site.mcp.public_methods,
  { timeoutMs: TIMING.UPSTREAM_TIMEOUT_MS },
  publicResources,
);
log(`building the real content for ${baseUrl}`);
const dist = await buildDist({ baseUrl, appUrl: upstream.url, issuer: upstream.url });
let failed = false;
try {
  const facts = readBuildFacts(dist)!;
  const env = {
    HOST: '127.0.0.1',
    PORT: String(edgePort),
    BASE_URL: baseUrl,
    APP_URL: upstream.url,
    TOKEN_ISSUER: issuer,
    TOKEN_JWKS_URL: `${upstream.url}/jwks`,
    WARDEN_OUT_DIR: dist,
    METRICS_PORT: '0',
    ...Object.fromEntries(Object.entries(TIMING).map(([k, v]) => [k, String(v)])),
  };
  const edge = await spawnServer('proxy/serve.ts', env, baseUrl, '/api/health');
  try {
    const ctx = await createFuzzContext(keys, {
      publicMethods: facts.public_methods,
      publicResources: facts.public_resources,
      bodyLimitBytes: 1_048_576,
      ownOrigin: baseUrl,
    });
    const cases = sampleCases(ctx, config.FUZZ_RUNS, config.FUZZ_SEED);
    log(`${cases.length} hostile requests, ${config.FUZZ_CONCURRENCY} at a time (seed ${config.FUZZ_SEED})`);
    const tally = await runCases(baseUrl, cases, { concurrency: config.FUZZ_CONCURRENCY, timeoutMs: config.FUZZ_TIMEOUT_MS });
    const bad = Object.values(tally).reduce((n, t) => n + t['5xx'] + t.dropped + t.wrong + t.hangs, 0);
    console.log(
      `## Hostile traffic (seed ${config.FUZZ_SEED}, ${config.FUZZ_RUNS} per category + the token suite on both paths)\n\n${toTallyTable(tally)}\n`,
    );
    for (const [category, t] of Object.entries(tally)) for (const example of t.examples) console.log(`- ${category}: ${example}`);
    console.log(
      `\nGate bypasses seen by the recording upstream: ${upstream.bypasses.length} (of ${upstream.received} requests that reached it)`,
    );
    for (const bypass of upstream.bypasses.slice(0, 10)) console.log(`- ${bypass.method}: ${bypass.reason}`);

    log(`soak: ${config.FUZZ_SOAK_CONNECTIONS} connections for ${config.FUZZ_SOAK_SECONDS} s`);
    const auth = {
      authorization: `Bearer ${ctx.goodToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const soak = await runSoak(
      baseUrl,
      [
        { path: '/docs/overview', headers: { accept: 'text/markdown' } },
        {
          method: 'POST',
          path: '/mcp',
          headers: auth,
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_run', arguments: {} } }),
        },
        { path: '/docs/overview' },
        {
          method: 'POST',
          path: '/.well-known/mcp',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
        },
        { path: '/api/health' },
      ],
      { seconds: config.FUZZ_SOAK_SECONDS, connections: config.FUZZ_SOAK_CONNECTIONS, pids: { edge: edge.pid } },
    );
    const rss = toRssSummary(soak.rss.edge!);
    console.log(`\n## Soak of the edge (${config.FUZZ_SOAK_CONNECTIONS} connections, ${config.FUZZ_SOAK_SECONDS} s)\n`);
    console.log(`requests ${soak.requests}, errors ${soak.errors}, non-2xx ${soak.non2xx} (${JSON.stringify(soak.statuses)})`);
    console.log(
      `edge RSS: start ${rss.start.toFixed(0)} MiB, at 20 s ${rss.afterWarmup.toFixed(0)} MiB, end ${rss.end.toFixed(0)} MiB, peak after 20 s ${rss.peak.toFixed(0)} MiB (growth ${rss.growth.toFixed(1)}%)`,
    );
    failed = bad > 0 || upstream.bypasses.length > 0 || soak.errors > 0 || soak.non2xx > 0 || rss.growth >= 10;
  } finally {
    await edge.close();
  }
} finally {
  await upstream.close();
  rmSync(dist, { recursive: true, force: true });
}
log(failed ? 'FAILED' : 'passed');
process.exit(failed ? 1 : 0);
