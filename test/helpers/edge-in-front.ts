import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PATHS, REWRITES } from '../../facts/paths.ts';
import { readEnv } from '../../proxy/config.ts';
import { startNodeDoor } from '../../proxy/node/start-node-door.ts';
import { getContentDir, readContent } from '../../content-model/read-content.ts';
import { toBuildFacts } from '../../documents/to-build-facts.ts';
import { toProtectedResource } from '../../documents/to-protected-resource.ts';
import { listFiles } from '../../runtime/node/list-files.ts';
import { makeFeedbackDir } from './feedback-dir.ts';

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

/** A file the edge serves besides the protected-resource documents: its public path and bytes. */
export interface ExtraFile {
  path: string;
  body: Uint8Array | string;
}

/**
 * The RFC 9728 documents the build writes for this base URL and issuer (the root one and its two path-inserted
 * copies), made by the build's own function, as dist files.
 */
export function toProtectedResourceFiles(baseUrl: string, upstream: Upstream): ExtraFile[] {
  const content = readContent(getContentDir(), { BASE_URL: baseUrl, APP_URL: upstream.url, AUTH_ISSUER: upstream.issuer });
  const body = JSON.stringify(toProtectedResource(content));
  const paths = [REWRITES[PATHS.protectedResource]!, PATHS.protectedResourceMcp, PATHS.protectedResourceWellKnownMcp];
  return paths.map((path) => ({ path, body }));
}

/**
 * What the docs MCP server (`/mcp/docs`) reads of a build: its search index and every markdown twin, as dist files, so
 * an edge in front of the sandbox answers it from a real build (its twins name that build's address, which no test of
 * the protocol reads).
 */
export function toDocsFiles(dist: string): ExtraFile[] {
  return listFiles(dist)
    .filter((file) => file.endsWith('.md') || file.startsWith(`${PATHS.searchIndex.slice(1)}/`))
    .filter((file) => !/\.(br|gz)$/.test(file))
    .map((file) => ({ path: `/${file}`, body: readFileSync(join(dist, file)) }));
}

/**
 * Starts the edge on 127.0.0.1:`port` (its base URL) in front of `upstream` exactly as `npm run serve` does
 * (startNodeDoor: the Node door, the upstream pool, tokens verified against the upstream's JWKS), over a dist
 * folder of its own holding the build's facts for that address, the protected-resource documents and any `files`.
 */
export async function startEdgeInFront(port: number, upstream: Upstream, files: ExtraFile[] = []): Promise<RunningEdge> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const content = readContent(getContentDir(), { BASE_URL: baseUrl, APP_URL: upstream.url, AUTH_ISSUER: upstream.issuer });
  const dist = mkdtempSync(join(tmpdir(), 'warden-edge-dist-'));
  for (const file of [...toProtectedResourceFiles(baseUrl, upstream), ...files]) {
    mkdirSync(dirname(join(dist, file.path)), { recursive: true });
    writeFileSync(join(dist, file.path), file.body);
  }
  const facts = toBuildFacts(content, 'test');
  writeFileSync(join(dist, PATHS.buildInfo), JSON.stringify(facts));
  const env = readEnv({
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: baseUrl,
    WARDEN_OUT_DIR: dist,
    FEEDBACK_DATA_DIR: makeFeedbackDir(),
    METRICS_PORT: 'off',
    LOG_LEVEL: 'silent',
  });
  const server = await startNodeDoor(env, facts, { appUrl: upstream.url, issuer: upstream.issuer, jwksUrl: upstream.jwksUri });
  return {
    baseUrl,
    async close() {
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
