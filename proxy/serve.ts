/**
 * The bare server entry: serves an existing dist as it is. It refuses a dist built for another
 * base URL, app URL or issuer (its documents would name the wrong host) and says how to fix that.
 */
import { resolve } from 'node:path';
import { readContent } from '../src/content/read-content.ts';
import { ConfigError, readEnv, toBaseUrl } from './config.ts';
import { readBuildInfo, toBuildMismatches } from './node/build-info.ts';
import { startNodeServer, toConfiguredUpstream } from './node/create-node-server.ts';
import { onShutdown } from './node/shutdown.ts';

try {
  const env = readEnv(process.env);
  const baseUrl = toBaseUrl(env);
  const content = readContent(undefined, { ...process.env, BASE_URL: baseUrl });
  const upstream = toConfiguredUpstream(env, content);
  const mismatches = toBuildMismatches(readBuildInfo(resolve(env.WARDEN_OUT_DIR)), {
    base_url: baseUrl,
    app_url: upstream.appUrl,
    auth_issuer: content.site.auth_issuer,
  });
  if (mismatches.length > 0) {
    console.error(`${env.WARDEN_OUT_DIR}/ does not fit this server:\n${mismatches.map((m) => `  ${m}`).join('\n')}`);
    console.error(`Fix: run \`BASE_URL=${baseUrl} APP_URL=${upstream.appUrl} npm run build\` first, or use \`npm start\`, which rebuilds when needed.`);
    process.exit(1);
  }
  const server = await startNodeServer(env, upstream);
  console.log(`Warden edge server on ${server.url} (public base ${baseUrl}, MCP forwarded to ${upstream.appUrl}/mcp)`);
  onShutdown(() => server.close());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
