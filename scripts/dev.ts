/**
 * `npm run dev`: for writers. Astro's dev server (pages re-render on save, the browser reloads) on HOST:PORT,
 * with the edge's dynamic paths (health, problems, /mcp) served alongside and the demo sandbox behind them.
 */
import { dev } from 'astro';
import { ConfigError, readEnv, toBaseUrl, toStartIssuer } from '../proxy/config.ts';
import { devEdge } from './dev-edge.ts';
import { startUpstream } from './start-upstream.ts';
import { onShutdown } from '../proxy/node/shutdown.ts';
import { readContent } from '../content-model/read-content.ts';
import { toBuildFacts } from '../documents/to-build-facts.ts';
import { exitOnStartFailure } from '../runtime/node/start-failure.ts';

try {
  const env = readEnv(process.env);
  const baseUrl = toBaseUrl(env);
  const { upstream, cleanups } = await startUpstream(env, baseUrl);
  // The pages name the addresses of this machine, as a build for them would (astro.config reads these).
  Object.assign(process.env, { BASE_URL: baseUrl, APP_URL: upstream.appUrl, AUTH_ISSUER: toStartIssuer(env, upstream) });
  const facts = toBuildFacts(readContent(), 'dev');
  // Build outputs and project copies are not sources: a change there must not re-sync the content or reload the page.
  const ignored = ['**/.build-tmp/**', '**/.test-dist*/**', '**/dist/**', '**/dist-worker/**', '**/release/**', '**/.data/**'];
  const server = await dev({
    root: process.cwd(),
    logLevel: 'warn',
    server: { host: env.HOST, port: env.PORT },
    integrations: [devEdge(env, facts, upstream)],
    // A port in use is an error, as for every other server here: the pages name this address, so it cannot move.
    vite: { server: { strictPort: true, watch: { ignored } } },
  }).catch((error: unknown) => {
    // Vite says so in words only; given the system's code, it is reported as the other servers' ports are.
    throw /^Port \d+ is already in use$/.test((error as Error).message) ? Object.assign(error as Error, { code: 'EADDRINUSE' }) : error;
  });
  cleanups.unshift(() => server.stop());
  console.log(`Warden docs (dev, live reload) on ${baseUrl}; MCP forwarded to ${upstream.appUrl}/mcp`);
  onShutdown(...cleanups);
} catch (error) {
  exitOnStartFailure({ name: 'npm run dev', ports: ['PORT', 'SANDBOX_PORT'] }, error, error instanceof ConfigError);
}
