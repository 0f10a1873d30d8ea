import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler, type H3 } from 'h3';

/** A listening Node server for an app, with its URL and a close that ends open connections too. */
export interface Listening {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Serves the app's fetch handler on HOST:PORT with node:http (port 0 picks a free one). */
export async function listen(app: H3, host: string, port: number): Promise<Listening> {
  const server = createServer(toNodeHandler(app));
  // A client that resets mid-request must never take the process down.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
