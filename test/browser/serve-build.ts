import { readEnv, toAppConfig } from '../../proxy/config.ts';
import { createApp } from '../../proxy/create-app.ts';
import { UpstreamError, type Forwarder } from '../../proxy/forward/forwarder.ts';
import { listen, type Listening } from '../../proxy/node/listen.ts';
import { readDist } from '../../proxy/node/read-dist.ts';
import { toStaticFiles, type RawFile } from '../../proxy/static/static-files.ts';
import { APP_URL, BASE_URL, readTestContent } from '../helpers/built-site.ts';
import { toBuildFacts } from '../../src/lib/to-build-facts.ts';

/** No page calls the MCP endpoint; if one does, it sees the edge's real 502 and the page check fails. */
const noUpstream: Forwarder = async () => {
  throw new UpstreamError('unreachable');
};

/**
 * Serves a build with the real edge app on a random loopback port, as `npm start` does. The build's absolute
 * URLs name BASE_URL; the browser goes to the loopback URL, where the site's relative links resolve. `change`
 * may alter the files first (a test that serves a tampered document).
 */
export async function serveBuild(dir: string, change: (files: RawFile[]) => RawFile[] = (files) => files): Promise<Listening> {
  // Pass the environment explicitly: vitest sets process.env.BASE_URL to "/" (see built-site.ts).
  const content = await readTestContent();
  const config = toAppConfig(readEnv({ BASE_URL, APP_URL }), toBuildFacts(content, 'test'), {
    appUrl: APP_URL,
    issuer: content.site.auth_issuer,
  });
  const app = createApp(config, { files: toStaticFiles(change(readDist(dir))), forward: noUpstream });
  return listen(app, '127.0.0.1', 0);
}
