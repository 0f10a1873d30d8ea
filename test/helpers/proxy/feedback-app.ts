import type { JWTVerifyGetKey } from 'jose';
import type { AppConfig } from '../../../proxy/config.ts';
import { startNodeFeedback, type NodeFeedback } from '../../../proxy/node/node-feedback.ts';
import type { StaticFiles } from '../../../proxy/static/static-files.ts';
import { createTestApp, createTestConfig, createTestFacts, ISSUER } from './test-app.ts';

/** An app with a real feedback store (node:sqlite, in memory unless `dir` names a folder) on a frozen clock. */
export interface FeedbackApp {
  app: ReturnType<typeof createTestApp>;
  feedback: NodeFeedback;
  config: AppConfig;
  /** The frozen clock, in milliseconds: move it to pass a minute or a day. */
  clock: { now: number };
}

/** Each request's client address comes from this header, as CLIENT_ADDRESS_HEADER sets it behind a proxy. */
export const CLIENT_HEADER = 'x-forwarded-for';

/** The app over `files` with a feedback store, the limits in memory, tokens checked with `getKey` (issuer ISSUER). */
export async function createFeedbackApp(
  files: StaticFiles,
  options: { dir?: string; getKey?: JWTVerifyGetKey; busyTimeoutMs?: number } = {},
): Promise<FeedbackApp> {
  const clock = { now: Date.parse('2026-12-07T10:00:00Z') };
  const config = createTestConfig({}, { CLIENT_ADDRESS_HEADER: CLIENT_HEADER });
  const feedback = await startNodeFeedback(config, createTestFacts(), {
    dir: options.dir ?? ':memory:',
    busyTimeoutMs: options.busyTimeoutMs ?? 0,
    now: () => clock.now,
  });
  const app = createTestApp({ files, feedback: feedback.deps, getKey: options.getKey, now: () => clock.now }, { ...config });
  return { app, feedback, config, clock };
}

/** The issuer the test app's tokens must carry. */
export { ISSUER };
