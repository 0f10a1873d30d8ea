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
  /**
   * Serves at `path` the document of a public client (PKCE, no secret) that signs people in to `redirectUri`,
   * its client_id its own URL; `fields` override or add metadata. Returns the URL, the client id.
   */
  publish(path: string, redirectUri: string, fields?: Record<string, unknown>): string;
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
    publish(path, redirectUri, fields = {}) {
      const clientId = `${origin}${path}`;
      served.set(path, {
        client_id: clientId,
        client_name: 'Test MCP client',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        ...fields,
      });
      return clientId;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      ca.remove();
    },
  };
}
