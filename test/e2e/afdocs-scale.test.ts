import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../proxy/config.ts';
import { startNodeDoor } from '../../proxy/node/start-node-door.ts';
import { PATHS } from '../../facts/paths.ts';
import { BASE_URL, DIST } from '../helpers/built-site.ts';
import { runAfdocs, toUnexplained } from '../helpers/run-afdocs.ts';
import { SCALE_PAGES } from '../helpers/scale-site.ts';
import { makeFeedbackDir } from '../helpers/feedback-dir.ts';

// The afdocs checker over the real content plus the generated pages, as test/at-build-address/afdocs.ts checks the real
// content. The `scale` project's build is made for a loopback address (scale-site.ts chooses one no other test takes)
// and served there by the Node edge server, so the checker follows its links as they are written. It samples a
// bounded, fixed set of pages: past the site-wide checks, more pages of the same generator would show nothing new.
const SAMPLED_PAGES = 100;

describe(`afdocs check of the ${SCALE_PAGES}-page site`, () => {
  it(`on the Node edge server, ${SAMPLED_PAGES} pages sampled: no check fails, no unexplained warning`, async () => {
    const facts = JSON.parse(readFileSync(join(DIST, PATHS.buildInfo), 'utf8'));
    expect(facts.base_url).toBe(BASE_URL);
    const env = readEnv({
      HOST: '127.0.0.1',
      PORT: new URL(BASE_URL).port,
      BASE_URL,
      APP_URL: facts.app_url,
      WARDEN_OUT_DIR: DIST,
      FEEDBACK_DATA_DIR: makeFeedbackDir(),
      METRICS_PORT: 'off',
      LOG_LEVEL: 'silent',
    });
    const server = await startNodeDoor(env, facts, { appUrl: facts.app_url, issuer: facts.auth_issuer });
    try {
      const results = await runAfdocs(BASE_URL, { maxLinksToTest: SAMPLED_PAGES });
      const lines = results.map((r) => `${r.status} ${r.id}: ${r.message}`).join('\n');
      expect(results.length, lines).toBeGreaterThanOrEqual(28);
      expect(toUnexplained(results), lines).toEqual([]);
    } finally {
      await server.close();
    }
  }, 600_000);
});
