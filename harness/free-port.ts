import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free loopback port: listen on port 0, read the port the system chose, close. */
export async function getFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Whether nothing listens on a loopback port now. */
export async function isPortFree(port: number): Promise<boolean> {
  const server = createServer();
  const bound = await new Promise<boolean>((done) => server.once('error', () => done(false)).listen(port, '127.0.0.1', () => done(true)));
  if (bound) await new Promise((done) => server.close(done));
  return bound;
}

// The first port the system hands out for port 0: Linux's net.ipv4.ip_local_port_range, else RFC 6335's dynamic range.
const RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range';
const toEphemeralStart = (): number => (existsSync(RANGE_FILE) ? Number(readFileSync(RANGE_FILE, 'utf8').trim().split(/\s+/)[0]) : 49152);

/**
 * A free loopback port below the system's ephemeral range, which listening on port 0 never hands out, for an address
 * that must be chosen long before anything listens on it (a build that names its own address): no other test's
 * random port can take it in between. `accept` may refuse some numbers.
 */
export async function getPortBelowEphemeral(accept: (port: number) => boolean = () => true): Promise<number> {
  const low = 10_000;
  const high = toEphemeralStart();
  if (high - low < 1_000) throw new Error(`no room below the ephemeral ports (they start at ${high}, see ${RANGE_FILE})`);
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (accept(port) && (await isPortFree(port))) return port;
  }
}
