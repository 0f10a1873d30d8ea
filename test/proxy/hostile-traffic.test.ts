import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRemoteJWKSet } from 'jose';
import { createApp, toTokenVerifier } from '../../proxy/create-app.ts';
import { createNodeForwarder } from '../../proxy/node/pool-forwarder.ts';
import { createUpstreamPool } from '../../proxy/node/upstream-pool.ts';
import { createMcpFastPath } from '../../proxy/node/mcp-fast-path.ts';
import { createFastPaths } from '../../proxy/node/fast-paths.ts';
import { listen, type Listening } from '../../proxy/node/listen.ts';
import { CATEGORIES, type FuzzContext } from '../../harness/hostile/case.ts';
import { createFuzzContext, toArbitraries } from '../../harness/hostile/fuzz-context.ts';
import { createFuzzKeys } from '../../harness/hostile/fuzz-tokens.ts';
import { startRecordingUpstream, type RecordingUpstream } from '../../harness/hostile/recording-upstream.ts';
import { runCase } from '../../harness/hostile/run-cases.ts';
import { DIST } from '../helpers/built-site.ts';
import { BASE_URL, ISSUER, createTestConfig, loadFiles } from './helpers/test-app.ts';

// The robustness suite at a small size (npm run fuzz runs it at full size against a server process): seeded
// hostile requests of every category against the real build, each judged by its oracle, over real sockets.
const RUNS = Number(process.env.FUZZ_TEST_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 13);
// Both ways the Node server answers the MCP paths: the app alone, and with the fast path that takes POSTs in
// node:http's terms (the server as deployed); each must give every hostile request its right answer.
describe.each([
  ['the app', false],
  ['the Node fast path', true],
] as const)('hostile traffic, seeded and bounded (%s)', (_name, fast) => {
  let edge: Listening;
  let upstream: RecordingUpstream;
  let ctx: FuzzContext;
  let closeForward: () => Promise<void>;

  beforeAll(async () => {
    const keys = await createFuzzKeys(ISSUER, BASE_URL);
    // Long enough that a loaded machine's scheduling never looks like an upstream timeout; the timeout faults wait it out.
    const base = createTestConfig({ bodyLimitBytes: 64 * 1024, upstreamTimeoutMs: 1500, upstreamIdleTimeoutMs: 1500 });
    upstream = await startRecordingUpstream(keys, base.publicMethods, { timeoutMs: base.upstreamTimeoutMs });
    const config = { ...base, appUrl: upstream.url };
    const forward = createNodeForwarder({ timeoutMs: config.upstreamTimeoutMs });
    const pool = createUpstreamPool({ timeoutMs: config.upstreamTimeoutMs });
    closeForward = async () => {
      await forward.close();
      await pool.close();
    };
    const verifyToken = toTokenVerifier(config, { getKey: createRemoteJWKSet(new URL(`${upstream.url}/jwks`)) });
    const app = createApp(config, { files: loadFiles(DIST), forward, verifyToken });
    const fastPath = fast ? createMcpFastPath(config, { dispatch: pool.dispatch, verifyToken, note: () => {} }) : undefined;
    edge = await listen(app, '127.0.0.1', 0, { createFastPath: fastPath && (() => createFastPaths({ mcp: fastPath })) });
    ctx = await createFuzzContext(keys, {
      publicMethods: config.publicMethods,
      bodyLimitBytes: config.bodyLimitBytes,
      ownOrigin: BASE_URL,
    });
  });

  afterAll(async () => {
    await edge?.close();
    await closeForward?.();
    await upstream?.close();
  });

  it.each(CATEGORIES)('%s: every request gets its right answer, and the connection survives where it should', async (category) => {
    await fc.assert(
      fc.asyncProperty(toArbitraries(ctx)[category], async (c) => {
        const { verdict, why } = await runCase(edge.url, c, 4000);
        expect(verdict, `${c.name}: ${why}`).toBe('ok');
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('the whole token attack suite is refused on both paths', async () => {
    for (const attack of ctx.attackTokens) {
      for (const path of ['/mcp', '/.well-known/mcp']) {
        const c = fc.sample(
          toArbitraries({ ...ctx, attackTokens: [attack] }).jwt.filter(
            (x) => x.name === attack.name && x.chunks[0]!.toString().includes(path),
          ),
          { numRuns: 1, seed: SEED },
        )[0]!;
        const { verdict, why } = await runCase(edge.url, c, 4000);
        expect(verdict, `${attack.name} on ${path}: ${why}`).toBe('ok');
      }
    }
  });

  it('no message that needs a credential reached the upstream without a valid token', () => {
    expect(upstream.received).toBeGreaterThan(0);
    expect(upstream.bypasses).toEqual([]);
  });
});
