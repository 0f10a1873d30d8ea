import { createRemoteJWKSet } from 'jose';
import { readEnv, toAppConfig } from '../../proxy/config.ts';
import { createApp } from '../../proxy/create-app.ts';
import { createNodeForwarder } from '../../proxy/node/pool-forwarder.ts';
import { listen, type Listening } from '../../proxy/node/listen.ts';
import { toEtag } from '../../proxy/node/read-dist.ts';
import { toStaticFiles, type RawFile } from '../../proxy/static/static-files.ts';
import { getContentDir, readContent } from '../../src/content/read-content.ts';
import { PATHS, REWRITES } from '../../facts/paths.ts';
import { toBuildFacts } from '../../src/lib/to-build-facts.ts';
import { toProtectedResource } from '../../src/lib/to-protected-resource.ts';

/** The hosted origin the edge forwards to: the sandbox, in this process or in its own. */
export interface Upstream {
  url: string;
  issuer: string;
  jwksUri: string;
}

/** A running edge server and its base URL. */
export interface RunningEdge {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The RFC 9728 documents the build writes for this base URL and issuer (the root one and its two path-inserted
 * copies), made by the build's own function, as dist/ files.
 */
export function toProtectedResourceFiles(baseUrl: string, upstream: Upstream): RawFile[] {
  const content = readContent(getContentDir(), { BASE_URL: baseUrl, APP_URL: upstream.url, AUTH_ISSUER: upstream.issuer });
  const body = new TextEncoder().encode(JSON.stringify(toProtectedResource(content)));
  const paths = [REWRITES[PATHS.protectedResource]!, PATHS.protectedResourceMcp, PATHS.protectedResourceWellKnownMcp];
  return paths.map((path) => ({ path, body, etag: toEtag(body) }));
}

/**
 * Starts the edge server on 127.0.0.1:`port` (its base URL) in front of `upstream`, as `npm start` wires it: the
 * production forwarder, tokens verified against the upstream's JWKS, and the protected-resource documents of
 * the build (plus any other `files`).
 */
export async function startEdgeInFront(port: number, upstream: Upstream, files: RawFile[] = []): Promise<RunningEdge> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = readEnv({ HOST: '127.0.0.1', PORT: String(port), BASE_URL: baseUrl });
  const content = readContent(getContentDir(), { BASE_URL: baseUrl, APP_URL: upstream.url, AUTH_ISSUER: upstream.issuer });
  const forward = createNodeForwarder({ timeoutMs: env.UPSTREAM_TIMEOUT_MS });
  const app = createApp(toAppConfig(env, toBuildFacts(content, 'test'), { appUrl: upstream.url, issuer: upstream.issuer }), {
    files: toStaticFiles([...toProtectedResourceFiles(baseUrl, upstream), ...files]),
    forward,
    getKey: createRemoteJWKSet(new URL(upstream.jwksUri)),
  });
  const edge: Listening = await listen(app, '127.0.0.1', port);
  return {
    baseUrl,
    async close() {
      await edge.close();
      await forward.close();
    },
  };
}
