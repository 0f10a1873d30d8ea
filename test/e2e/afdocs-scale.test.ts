import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../proxy/config.ts';
import { startNodeServer } from '../../proxy/node/create-node-server.ts';
import { PATHS } from '../../facts/paths.ts';
import { APP_URL } from '../helpers/built-site.ts';
import { getCheckablePort, runAfdocs, toUnexplained } from '../helpers/run-afdocs.ts';
import { buildScaleSite, readScaleBaseUrl, SCALE_PAGES } from '../helpers/scale-site.ts';

// The afdocs checker over the real content plus the generated pages, as test/e2e/afdocs.test.ts checks the real
// content: built for a loopback address and served there by the Node edge server. The `scale` project's own build
// names the public base URL, which the checker could reach only through its preview mode (a text rewrite that does
// not see through the <wbr> of wrapped addresses in HTML), so this build is made for a loopback address and kept
// for the next run while that port is free. The checker samples a bounded, fixed set of pages: past the site-wide
// checks, more pages of the same generator would show nothing new.
const DIST = resolve('.test-dist-5000-loopback');
const SAMPLED_PAGES = 100;

/** Whether nothing listens on a loopback port now. */
async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  const bound = await new Promise<boolean>((done) => server.once('error', () => done(false)).listen(port, '127.0.0.1', () => done(true)));
  if (bound) await new Promise((done) => server.close(done));
  return bound;
}

/** The port of the kept loopback build when it is free, else a new checkable port (and so a new build). */
async function choosePort(): Promise<number> {
  const kept = readScaleBaseUrl(DIST);
  const port = kept ? Number(new URL(kept).port) : 0;
  return port && (await isFree(port)) ? port : getCheckablePort();
}

describe(`afdocs check of the ${SCALE_PAGES}-page site`, () => {
  it(`on the Node edge server, ${SAMPLED_PAGES} pages sampled: no check fails, no unexplained warning`, async () => {
    const port = await choosePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const seconds = buildScaleSite({ dist: DIST, baseUrl, appUrl: APP_URL });
    console.error(seconds ? `Built the ${SCALE_PAGES}-page site for ${baseUrl} in ${seconds.toFixed(0)} s` : `Kept the ${SCALE_PAGES}-page site built for ${baseUrl}`);
    const facts = JSON.parse(readFileSync(join(DIST, PATHS.buildInfo), 'utf8'));
    const env = readEnv({ HOST: '127.0.0.1', PORT: String(port), BASE_URL: baseUrl, APP_URL: facts.app_url, WARDEN_OUT_DIR: DIST, METRICS_PORT: 'off', LOG_LEVEL: 'silent' });
    const server = await startNodeServer(env, facts, { appUrl: facts.app_url, issuer: facts.auth_issuer });
    try {
      const results = await runAfdocs(baseUrl, { maxLinksToTest: SAMPLED_PAGES });
      const lines = results.map((r) => `${r.status} ${r.id}: ${r.message}`).join('\n');
      expect(results.length, lines).toBeGreaterThanOrEqual(28);
      expect(toUnexplained(results), lines).toEqual([]);
    } finally {
      await server.close();
    }
  }, 900_000);
});
