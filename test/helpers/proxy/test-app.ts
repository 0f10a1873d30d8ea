import { readContent } from '../../../content-model/read-content.ts';
import { toBuildFacts } from '../../../documents/to-build-facts.ts';
import { readEnv, toAppConfig, type AppConfig } from '../../../proxy/config.ts';
import { createApp, type AppDeps } from '../../../proxy/create-app.ts';
import { readDist } from '../../../proxy/node/read-dist.ts';
import { toStaticFiles, type StaticFiles } from '../../../proxy/static/static-files.ts';
import type { Forwarder, UpstreamRequest } from '../../../proxy/forward/forwarder.ts';

import { inject } from 'vitest';

/**
 * The addresses the test build names (built-site.ts), so an app serving that build answers as its documents say; in
 * the `unit` project, which builds nothing and has no set-up to provide them, the content's own.
 */
export const BASE_URL = inject('testBaseUrl') ?? 'https://warden.example';
export const APP_URL = inject('testAppUrl') ?? 'https://app.warden.example';
export const ISSUER = 'https://auth.warden.example';

let content: ReturnType<typeof readContent> | undefined;
/** The real content for BASE_URL and APP_URL, read once per process: no test changes it, and a test makes many apps. */
function readContentOnce(): ReturnType<typeof readContent> {
  content ??= readContent(undefined, { BASE_URL, APP_URL });
  return content;
}

/** The facts a build of the real content writes for the servers (`_build.json`), for BASE_URL. */
export function createTestFacts(): ReturnType<typeof toBuildFacts> {
  return toBuildFacts(readContentOnce(), 'test');
}

/** The app configuration from the real content, for BASE_URL and the given upstream. */
export function createTestConfig(overrides: Partial<AppConfig> = {}, env: Record<string, string> = {}): AppConfig {
  const parsed = readEnv({ BASE_URL, ...env });
  return { ...toAppConfig(parsed, createTestFacts(), { appUrl: APP_URL, issuer: ISSUER }), ...overrides };
}

/** The file table of a dist folder, as the Node entry builds it. */
export function loadFiles(dir: string): StaticFiles {
  return toStaticFiles(readDist(dir));
}

/** A forwarder that must not be reached. */
export const refuseForward: Forwarder = async () => {
  throw new Error('the upstream must not be called');
};

/** Builds the app with test defaults. */
export function createTestApp(deps: Partial<AppDeps> & { files: StaticFiles }, config: Partial<AppConfig> = {}) {
  return createApp(createTestConfig(config), { forward: refuseForward, ...deps });
}

/** A forwarder that records every request it gets and answers each with an empty JSON-RPC result. */
export function createRecordingForward(): { seen: UpstreamRequest[]; forward: Forwarder } {
  const seen: UpstreamRequest[] = [];
  const forward: Forwarder = async (req) => {
    seen.push(req);
    return new Response('{"jsonrpc":"2.0","id":1,"result":{}}', { headers: { 'content-type': 'application/json' } });
  };
  return { seen, forward };
}
