import { createServer } from 'node:net';

/** A free loopback port: listen on port 0, read the port the system chose, close. */
export async function getFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}
