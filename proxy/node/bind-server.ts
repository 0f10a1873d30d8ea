import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A bound server's address and a close that ends its open connections too. */
export interface Bound {
  url: string;
  close(): Promise<void>;
}

/** Binds a node:http server to HOST:PORT (port 0 picks a free one); rejects when the port is taken. */
export async function bindServer(server: Server, host: string, port: number): Promise<Bound> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
