import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRemoteJWKSet } from 'jose';
import { toTokenVerifier } from '../../../proxy/mcp/token-verifier.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { listen, type Listening } from '../../../proxy/node/listen.ts';
import { CATEGORIES, type FuzzContext } from '../../../harness/hostile/case.ts';
import { createFuzzContext, toArbitraries } from '../../../harness/hostile/fuzz-context.ts';
import { createFuzzKeys } from '../../../harness/hostile/fuzz-tokens.ts';
import { startRecordingUpstream, type RecordingUpstream } from '../../../harness/hostile/recording-upstream.ts';
import { runCase } from '../../../harness/hostile/run-cases.ts';
import { DIST } from '../../helpers/built-site.ts';
import { BASE_URL, ISSUER, createTestConfig, loadFiles } from '../../helpers/proxy/test-app.ts';

// The robustness suite at a small size (npm run fuzz runs it at full size against a server process): seeded
// hostile requests of every category against the real build, each judged by its oracle, over real sockets, to the
// Node server as deployed (the Node door over the upstream pool).
const RUNS = Number(process.env.FUZZ_TEST_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 13);
describe('hostile traffic, seeded and bounded', () => {
  let edge: Listening;
  let upstream: RecordingUpstream;
  let ctx: FuzzContext;
  let closePool: () => Promise<void>;

  beforeAll(async () => {
    const keys = await createFuzzKeys(ISSUER, BASE_URL);
    // Long enough that a loaded machine's scheduling never looks like an upstream timeout; the timeout faults wait it out.
    const base = createTestConfig({ bodyLimitBytes: 64 * 1024, upstreamTimeoutMs: 1500, upstreamIdleTimeoutMs: 1500 });
    // The gate the upstream checks for bypasses is the content's: its public methods and the published skills.
    upstream = await startRecordingUpstream(keys, base.publicMethods, { timeoutMs: base.upstreamTimeoutMs }, base.publicResources);
    const config = { ...base, appUrl: upstream.url };
    const pool = createUpstreamPool({ timeoutMs: config.upstreamTimeoutMs });
    closePool = pool.close;
    const verifyToken = toTokenVerifier(config, { getKey: createRemoteJWKSet(new URL(`${upstream.url}/jwks`)) });
    edge = await listen(createNodeHandler(config, { files: loadFiles(DIST), dispatch: pool.dispatch, verifyToken }), '127.0.0.1', 0);
    ctx = await createFuzzContext(keys, {
      publicMethods: config.publicMethods,
      publicResources: config.publicResources,
      bodyLimitBytes: config.bodyLimitBytes,
      ownOrigin: BASE_URL,
    });
  });

  afterAll(async () => {
    await edge?.close();
    await closePool?.();
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
