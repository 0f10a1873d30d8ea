import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { REWRITES } from '../../src/lib/paths.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.wasm': 'application/wasm',
};

/** The built file a path is served from, resolved as a static host would: `/` → index.html, `/x` → x.html or x. */
function toFile(root: string, pathname: string): string | undefined {
  const clean = REWRITES[pathname] ?? pathname;
  const rel = normalize(decodeURIComponent(clean)).replace(/^(\.\.[/\\])+/, '').replace(/^\//, '');
  const candidates = rel === '' ? ['index.html'] : [rel, `${rel}.html`];
  return candidates.map((c) => join(root, c)).find((f) => existsSync(f) && statSync(f).isFile());
}

/** A running static server of a built site on 127.0.0.1. */
export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves `root` on a random loopback port; unknown paths get the built 404 page with status 404. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    const file = toFile(root, pathname);
    const status = file ? 200 : 404;
    const path = file ?? join(root, '404.html');
    const type = TYPES[extname(path)] ?? (pathname.startsWith('/.well-known/') ? 'application/json' : 'text/plain; charset=utf-8');
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(readFileSync(path));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
