import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTestCa } from './test-ca.ts';

/**
 * Where test clients publish their Client ID Metadata Documents: an https server on loopback with a certificate
 * from a CA made for this run. A process that fetches them must trust `caFile` (NODE_EXTRA_CA_CERTS).
 */
export interface ClientDocuments {
  /** `https://localhost:<port>`. */
  origin: string;
  /** The CA's PEM file. */
  caFile: string;
  /** Serves `document` at `path`; returns its URL, the client id. */
  publish(path: string, document: Record<string, unknown>): string;
  close(): Promise<void>;
}

/** Starts the document server with a fresh test CA. */
export async function startClientDocuments(): Promise<ClientDocuments> {
  const ca = await createTestCa();
  const served = new Map<string, Record<string, unknown>>();
  const server = createServer({ cert: ca.cert, key: ca.key }, (req, res) => {
    const body = served.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
    res.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    caFile: ca.caFile,
    publish(path, document) {
      served.set(path, document);
      return `${origin}${path}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      ca.remove();
    },
  };
}
