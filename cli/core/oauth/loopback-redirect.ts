import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A one-shot redirect receiver on an ephemeral loopback port (RFC 8252 §7.3, §8.3). */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback`: the port is the system's choice, so concurrent logins never collide. */
  redirectUri: string;
  /** The first request to /callback, as a full URL. */
  callback: Promise<URL>;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><body style="font-family:system-ui;margin:3rem"><h1>${title}</h1><p>${text}</p></body></html>`;

/** Listens on 127.0.0.1 (never 0.0.0.0: RFC 8252 §8.3) until the browser is sent back, then answers with a short page. */
export async function startLoopbackRedirect(product: string): Promise<LoopbackRedirect> {
  let resolve!: (url: URL) => void;
  const callback = new Promise<URL>((r) => (resolve = r));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    if (url.pathname !== '/callback') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const failed = url.searchParams.has('error');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      failed
        ? PAGE('Sign-in did not finish', 'Return to the terminal to see why.')
        : PAGE(`Signed in to ${product}`, 'You can close this tab and return to the terminal.'),
    );
    resolve(url);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    callback,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
