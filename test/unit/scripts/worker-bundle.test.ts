import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireFeedbackBindings } from '../../../scripts/worker-bundle.ts';
import { createTestFacts } from '../../helpers/proxy/test-app.ts';

const perMinute = createTestFacts().feedback.per_minute;

/** A wrangler.jsonc in a folder of its own, its migrations_dir written relative to it as wrangler reads it. */
function withConfig(text: (migrations: string) => string, check: (file: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'warden-wrangler-'));
  try {
    const file = join(dir, 'wrangler.jsonc');
    writeFileSync(file, text(resolve('runtime/feedback/migrations')));
    check(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('requireFeedbackBindings', () => {
  it("passes on the repository's wrangler.jsonc: the D1 store with the Node edge's migrations, and the minute limit of content/site.yaml", () => {
    expect(() => requireFeedbackBindings(perMinute)).not.toThrow();
  });

  it('refuses a file without the D1 binding or with other migrations, naming the file and the folder wanted', () => {
    withConfig(
      () => '{ "ratelimits": [] }',
      (file) => expect(() => requireFeedbackBindings(perMinute, file)).toThrow(`${file}: d1_databases needs the binding FEEDBACK`),
    );
    withConfig(
      () => '{ "d1_databases": [{ "binding": "FEEDBACK", "migrations_dir": "migrations" }] }',
      (file) => expect(() => requireFeedbackBindings(perMinute, file)).toThrow(/migrations_dir ".*runtime\/feedback\/migrations"/),
    );
  });

  it("refuses a rate limiter whose limit is not the content's per_minute, or whose period is not a minute", () => {
    const config = (limit: number, period: number) => (migrations: string) =>
      JSON.stringify({
        d1_databases: [{ binding: 'FEEDBACK', migrations_dir: migrations }],
        ratelimits: [{ name: 'FEEDBACK_RATE_LIMIT', namespace_id: '1', simple: { limit, period } }],
      });
    withConfig(config(perMinute, 60), (file) => expect(() => requireFeedbackBindings(perMinute, file)).not.toThrow());
    for (const [limit, period] of [
      [perMinute + 1, 60],
      [perMinute, 10],
    ] as const) {
      withConfig(config(limit, period), (file) =>
        expect(() => requireFeedbackBindings(perMinute, file)).toThrow(
          `ratelimits needs FEEDBACK_RATE_LIMIT with simple: { limit: ${perMinute}, period: 60 }`,
        ),
      );
    }
  });
});
