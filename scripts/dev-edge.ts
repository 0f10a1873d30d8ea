import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AstroIntegration } from 'astro';
import { toNodeHandler } from 'h3';
import { createRemoteJWKSet } from 'jose';
import type { BuildFacts } from '../facts/build-facts.ts';
import { toAppConfig, type Env, type Upstream } from '../proxy/config.ts';
import { createApp } from '../proxy/create-app.ts';
import { createPoolForwarder } from '../proxy/node/pool-forwarder.ts';
import { createUpstreamPool } from '../proxy/node/upstream-pool.ts';
import { toRoute } from '../proxy/routes.ts';

/** Whether the edge answers a path itself (any route but the static one: health, problems, the MCP endpoints) rather than a page of the site. */
export function isEdgePath(pathname: string): boolean {
  return toRoute(pathname).kind !== 'static';
}

/**
 * The edge's dynamic paths inside Astro's dev server (`npm run dev`): the same app as `npm start`, without the
 * static files, which the dev server renders with live reload. Markdown twins exist only in a build.
 */
export function devEdge(env: Env, facts: BuildFacts, upstream: Upstream): AstroIntegration {
  return {
    name: 'warden:dev-edge',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const pool = createUpstreamPool({ timeoutMs: env.UPSTREAM_TIMEOUT_MS });
        const forward = createPoolForwarder(pool.dispatch);
        const getKey = upstream.jwksUrl ? createRemoteJWKSet(new URL(upstream.jwksUrl)) : undefined;
        const handle = toNodeHandler(createApp(toAppConfig(env, facts, upstream), { files: new Map(), forward, getKey }));
        server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
          if (!isEdgePath(new URL(req.url ?? '/', 'http://dev').pathname)) return next();
          Promise.resolve(handle(req, res)).catch(next);
        });
        (server.httpServer as Server | null)?.once('close', () => void pool.close());
      },
    },
  };
}
