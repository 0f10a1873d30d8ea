import type { AuthProvider } from '@modelcontextprotocol/client';
import type { TokenSource } from './token-source.ts';

/**
 * The MCP SDK's bearer seam over a token source: `token()` before every request, `onUnauthorized()` after a
 * 401, then the SDK retries once. A token that cannot be renewed ahead of time is left out rather than
 * failing the request, so public methods still work; the 401 that follows says what is wrong.
 */
export function toAuthProvider(source: TokenSource, log: (line: string) => void): AuthProvider {
  let last: string | undefined;
  return {
    async token() {
      try {
        last = await source.getToken();
      } catch (error) {
        log(`could not renew the access token: ${(error as Error).message}`);
        last = undefined;
      }
      return last;
    },
    async onUnauthorized() {
      const refused = last !== undefined;
      last = await source.renewToken(last);
      if (refused) log('the service refused the access token (401); renewed it');
    },
  };
}
