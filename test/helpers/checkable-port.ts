import { getPortBelowEphemeral, isPortFree } from '../../harness/free-port.ts';

/**
 * Whether the afdocs checker can be pointed at a site on this port: it takes a short body that contains "404"
 * anywhere for a soft 404 (afdocs' helpers/detect-soft-404.js), and the documents name their own address, port
 * included.
 */
export const isCheckablePort = (port: number): boolean => !String(port).includes('404');

// The ports this run's builds are made for, kept on globalThis: each global set-up may load this module anew.
const KEY = Symbol.for('warden.build-ports');
const shared = globalThis as { [KEY]?: Set<number> };
shared[KEY] ??= new Set<number>();
const chosen = shared[KEY];

/**
 * A loopback port for one address of a build of this run: the kept build's (`kept`, its URL) while it is free, the
 * checker can use it and no other build of this run has it, else a new one below the ephemeral range, which no
 * test's random port can take before the tests that serve the build listen on it.
 */
export async function chooseBuildPort(kept: string | undefined): Promise<number> {
  const usable = (port: number) => isCheckablePort(port) && !chosen.has(port);
  const keptPort = kept ? Number(new URL(kept).port) : 0;
  const port = keptPort && usable(keptPort) && (await isPortFree(keptPort)) ? keptPort : await getPortBelowEphemeral(usable);
  chosen.add(port);
  return port;
}
