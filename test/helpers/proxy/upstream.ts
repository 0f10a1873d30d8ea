import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real upstream MCP stand-in on a random loopback port, answering with the given handler. */
export interface TestUpstream {
  url: string;
  requests: { method: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

/** Starts a node:http upstream; each request's method, headers and body are recorded before the handler runs. */
export async function startUpstream(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<TestUpstream> {
  const requests: TestUpstream['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
