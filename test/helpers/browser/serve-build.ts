import { readEnv, toAppConfig } from '../../../proxy/config.ts';
import { createNodeHandler } from '../../../proxy/node/start-node-door.ts';
import { type Listening, listen } from '../../../proxy/node/listen.ts';
import { readDist } from '../../../proxy/node/read-dist.ts';
import { createUpstreamPool } from '../../../proxy/node/upstream-pool.ts';
import { type RawFile, toStaticFiles } from '../../../proxy/static/static-files.ts';
import { toBuildFacts } from '../../../documents/to-build-facts.ts';
import { APP_URL, BASE_URL, readTestContent } from '../built-site.ts';

/**
 * Serves a build through the Node door on a random loopback port, as `npm start` does. The build's absolute URLs
 * name BASE_URL; the browser goes to the loopback URL, where the site's relative links resolve. `change` may alter
 * the files first (a test that serves a tampered document). No page calls the MCP endpoint: the upstream, the
 * build's APP_URL, is not reachable from here, and a page that tried would see the edge's real 502 and fail its check.
 */
export async function serveBuild(dir: string, change: (files: RawFile[]) => RawFile[] = (files) => files): Promise<Listening> {
  // Pass the environment explicitly: vitest sets process.env.BASE_URL to "/" (see built-site.ts).
  const content = await readTestContent();
  const env = readEnv({ BASE_URL, APP_URL });
  const config = toAppConfig(env, toBuildFacts(content, 'test'), { appUrl: APP_URL, issuer: content.site.auth_issuer });
  const pool = createUpstreamPool({ timeoutMs: env.UPSTREAM_TIMEOUT_MS });
  const listening = await listen(
    createNodeHandler(config, { files: toStaticFiles(change(readDist(dir))), dispatch: pool.dispatch }),
    '127.0.0.1',
    0,
  );
  return {
    ...listening,
    async close() {
      await listening.close();
      await pool.close();
    },
  };
}
