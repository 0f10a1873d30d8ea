/**
 * `npm start`: the whole system in one command. Validates the environment, starts the demo sandbox when
 * APP_URL is unset (and builds the CLI release it serves), (re)builds dist when it was built for other
 * addresses or from other sources, then serves.
 */
import { dirname, join, resolve } from 'node:path';
import { ConfigError, readEnv, toBaseUrl, toStartIssuer } from '../proxy/config.ts';
import { readBuildFacts, toRebuildReasons } from '../proxy/node/build-info.ts';
import { startNodeDoor } from '../proxy/node/start-node-door.ts';
import { runAstroBuild } from './run-build.ts';
import { runRelease } from './run-release.ts';
import { startUpstream } from './start-upstream.ts';
import { RELEASES_PATH } from '../facts/paths.ts';
import { onShutdown } from '../proxy/node/shutdown.ts';
import { getContentDir } from '../content-model/content-dir.ts';
import { toSourceHash } from '../runtime/node/source-hash.ts';
import { createLogger } from '../runtime/node/create-logger.ts';
import { getLocalSigningKey } from '../runtime/node/signing-key.ts';
import { exitOnStartFailure } from '../runtime/node/start-failure.ts';

try {
  const env = readEnv(process.env);
  const baseUrl = toBaseUrl(env);
  const releaseDir = resolve(env.WARDEN_RELEASE_DIR);
  const logger = env.APP_URL ? undefined : createLogger({ level: env.LOG_LEVEL, service: 'sandbox' });
  const { upstream, sandbox, cleanups } = await startUpstream(env, baseUrl, { releaseDir, logger });
  let release: { RELEASE_ARCHIVE: string; RELEASE_PUBLIC_KEY: string; RELEASE_DIR: string } | undefined;
  let releaseSums: string | undefined;
  if (sandbox) {
    console.log(`Demo sandbox on ${sandbox.url} (APP_URL is unset)`);
    // The sandbox stands in for the release host too: this build's installer and `warden self update` download from it.
    // It signs that release with a key of its own, whose public half this build's installers carry.
    const key = getLocalSigningKey(join(dirname(releaseDir), 'release-signing-key.pem'));
    const archive = { RELEASE_ARCHIVE: `${sandbox.url}${RELEASES_PATH}`, RELEASE_PUBLIC_KEY: key.publicKeyLine };
    releaseSums = runRelease({ BASE_URL: baseUrl, ...archive, RELEASE_DIR: releaseDir, RELEASE_SIGNING_KEY: key.file });
    // Built before the site, which pins its archives' checksums into the installers (RELEASE_DIR), when it has any.
    release = { ...archive, RELEASE_DIR: releaseSums ? releaseDir : '' };
  }
  const authIssuer = toStartIssuer(env, upstream);
  const distDir = resolve(env.WARDEN_OUT_DIR);
  const wanted = {
    base_url: baseUrl,
    app_url: upstream.appUrl,
    auth_issuer: authIssuer,
    ...(release
      ? { release_archive: release.RELEASE_ARCHIVE, release_signing_key: release.RELEASE_PUBLIC_KEY, release_sums: releaseSums ?? null }
      : {}),
  };
  let facts = readBuildFacts(distDir);
  const mismatches = toRebuildReasons(facts, wanted, toSourceHash(process.cwd(), getContentDir()));
  if (mismatches.length > 0) {
    console.log(`Building ${env.WARDEN_OUT_DIR}/ for ${baseUrl}:\n${mismatches.map((m) => `  ${m}`).join('\n')}`);
    await runAstroBuild(
      { BASE_URL: baseUrl, APP_URL: upstream.appUrl, AUTH_ISSUER: authIssuer, WARDEN_OUT_DIR: distDir, ...release },
      { output: 'inherit' },
    );
    facts = readBuildFacts(distDir);
  }
  if (!facts) throw new ConfigError(`${env.WARDEN_OUT_DIR}/_build.json is missing or unreadable after the build`);
  const server = await startNodeDoor(env, facts, upstream);
  cleanups.unshift(() => server.close());
  console.log(`Warden is running on ${server.url} (public base ${baseUrl})`);
  if (server.metricsUrl) console.log(`Metrics (Prometheus text format): ${server.metricsUrl}`);
  onShutdown(...cleanups);
} catch (error) {
  // A bad variable, a port in use, a failed build: say what it is, not where in the code it happened.
  exitOnStartFailure({ name: 'npm start', ports: ['PORT', 'SANDBOX_PORT', 'METRICS_PORT'] }, error, error instanceof ConfigError);
}
