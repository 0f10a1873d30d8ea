/**
 * The bare server entry: serves an existing dist as it is, with the facts its build wrote. It refuses a dist
 * built for another base URL, app URL or issuer (its documents would name the wrong host) and says how to fix that.
 */
import { resolve } from 'node:path';
import { toAuthIssuer } from '../runtime/auth-issuer.ts';
import { ConfigError, readEnv, toBaseUrl, toUpstream } from './config.ts';
import { readBuildFacts, toBuildMismatches } from './node/build-info.ts';
import { startNodeDoor } from './node/start-node-door.ts';
import { onShutdown } from './node/shutdown.ts';
import { exitOnStartFailure } from '../runtime/node/start-failure.ts';

try {
  const env = readEnv(process.env);
  const baseUrl = toBaseUrl(env);
  const facts = readBuildFacts(resolve(env.WARDEN_OUT_DIR));
  const upstream = facts ? toUpstream(env, facts) : undefined;
  const wanted = { base_url: baseUrl, app_url: upstream?.appUrl ?? '', auth_issuer: toAuthIssuer(env) ?? facts?.auth_issuer ?? '' };
  const mismatches = toBuildMismatches(facts, wanted);
  if (!facts || !upstream || mismatches.length > 0) {
    console.error(`${env.WARDEN_OUT_DIR}/ does not fit this server:\n${mismatches.map((m) => `  ${m}`).join('\n')}`);
    console.error(
      `Fix: run \`BASE_URL=${baseUrl}${env.APP_URL ? ` APP_URL=${env.APP_URL}` : ''} npm run build\` first, or use \`npm start\`, which rebuilds when needed.`,
    );
    process.exit(1);
  }
  const server = await startNodeDoor(env, facts, upstream);
  console.log(`Warden edge server on ${server.url} (public base ${baseUrl}, MCP forwarded to ${upstream.appUrl}/mcp)`);
  if (server.metricsUrl) console.log(`Metrics (Prometheus text format): ${server.metricsUrl}`);
  onShutdown(() => server.close());
} catch (error) {
  exitOnStartFailure({ name: 'npm run serve', ports: ['PORT', 'METRICS_PORT'] }, error, error instanceof ConfigError);
}
