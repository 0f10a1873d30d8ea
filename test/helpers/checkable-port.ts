import { getFreePort } from '../../harness/free-port.ts';

/**
 * Whether the afdocs checker can be pointed at a site on this port: it takes a short body that contains "404"
 * anywhere for a soft 404 (afdocs' helpers/detect-soft-404.js), and the documents name their own address, port
 * included.
 */
export const isCheckablePort = (port: number): boolean => !String(port).includes('404');

/** A free port the checker can be pointed at (isCheckablePort). */
export async function getCheckablePort(): Promise<number> {
  for (;;) {
    const candidate = await getFreePort();
    if (isCheckablePort(candidate)) return candidate;
  }
}
