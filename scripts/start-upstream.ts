// Types only: erased at run time, so a start with APP_URL never loads the sandbox's code.
import type { RunningSandbox, SandboxOptions } from '../sandbox/start.ts';
import { toAppUpstream, type Env, type Upstream } from '../proxy/config.ts';

/** The upstream `npm start` and `npm run dev` forward to, and what stops it (the sandbox, when one was started). */
export interface StartedUpstream {
  upstream: Upstream;
  /** The demo sandbox, when APP_URL is unset. */
  sandbox?: RunningSandbox;
  cleanups: (() => Promise<void>)[];
}

/**
 * The hosted origin both local entry points run against: APP_URL when it is set, otherwise the demo sandbox started
 * here on HOST:SANDBOX_PORT (imported only then, so a start with APP_URL never loads it).
 */
export async function startUpstream(
  env: Env,
  baseUrl: string,
  extra: Pick<SandboxOptions, 'releaseDir' | 'logger'> = {},
): Promise<StartedUpstream> {
  if (env.APP_URL) return { upstream: toAppUpstream(env, env.APP_URL), cleanups: [] };
  const path = '../sandbox/start.ts';
  const module = (await import(path)) as { startSandbox?: (o: SandboxOptions) => Promise<RunningSandbox> };
  if (typeof module.startSandbox !== 'function') throw new Error('sandbox/start.ts does not export startSandbox');
  const sandbox = await module.startSandbox({
    host: env.HOST,
    port: env.SANDBOX_PORT,
    baseUrl,
    dataDir: env.SANDBOX_DATA_DIR,
    accessTokenTtl: env.SANDBOX_ACCESS_TOKEN_TTL,
    ...extra,
  });
  return {
    upstream: { appUrl: sandbox.url, issuer: sandbox.issuer, jwksUrl: sandbox.jwksUri },
    sandbox,
    cleanups: [() => sandbox.close()],
  };
}
