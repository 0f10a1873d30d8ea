import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { CliError } from '../cli-error.ts';
import type { AuthServerMetadata } from '../../../runtime/oauth/authorization-server.ts';
import type { Fetch } from '../../../runtime/oauth/fetch-json.ts';
import { readAuthorizationResponse, toAuthorizationUrl } from './authorization-code.ts';
import { startLoopbackRedirect } from './loopback-redirect.ts';
import { createPkce, createState } from './pkce.ts';
import { requestToken, type TokenResponse } from '../../../runtime/oauth/token-endpoint.ts';

/** What a browser login needs. */
export interface BrowserLoginOptions {
  fetch: Fetch;
  as: AuthServerMetadata;
  clientId: string;
  product: string;
  scope: string;
  resources: string[];
  /** The resource of the first access token (RFC 8707 §2.2: one per token request). */
  tokenResource: string;
  /** Where a person may paste the address the browser was sent to (a headless machine's fallback). */
  stdin: Readable;
  say(line: string): void;
  openBrowser(url: string): boolean;
  timeoutMs: number;
}

/** Lines typed or pasted on stdin that parse as a redirect to `redirectUri`. */
function readPastedCallback(stdin: Readable, redirectUri: string): { callback: Promise<URL>; stop(): void } {
  const lines = createInterface({ input: stdin, terminal: false });
  const callback = new Promise<URL>((resolve) => {
    lines.on('line', (line) => {
      try {
        const url = new URL(line.trim());
        if (`${url.origin}${url.pathname}` === redirectUri) resolve(url);
      } catch {
        // not an address: keep waiting
      }
    });
  });
  return { callback, stop: () => lines.close() };
}

/**
 * Authorization code + PKCE with a loopback redirect on an ephemeral port (RFC 8252 §7.3): prints the address,
 * opens a browser when there is one, and takes the redirect either on the loopback port or pasted on stdin.
 */
export async function loginWithBrowser(o: BrowserLoginOptions): Promise<TokenResponse> {
  const loopback = await startLoopbackRedirect(o.product);
  const pasted = readPastedCallback(o.stdin, loopback.redirectUri);
  let timer: NodeJS.Timeout | undefined;
  try {
    const pkce = createPkce();
    const state = createState();
    const url = toAuthorizationUrl(o.as, {
      clientId: o.clientId,
      redirectUri: loopback.redirectUri,
      scope: o.scope,
      resources: o.resources,
      state,
      codeChallenge: pkce.challenge,
    });
    o.say('Open this address in a browser to sign in:');
    o.say('');
    o.say(`  ${url.href}`);
    o.say('');
    const opened = o.openBrowser(url.href);
    o.say(
      opened
        ? 'Opened your browser. Waiting for the sign-in to finish…'
        : `Waiting for the sign-in. If the browser runs on another machine, paste here the address it ends on (${loopback.redirectUri}?…), or run \`warden login --device\`.`,
    );
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(
        () => fail(new CliError(`no sign-in within ${Math.round(o.timeoutMs / 1000)} s: run \`warden login\` again`, 'ERR_TIMEOUT')),
        o.timeoutMs,
      );
    });
    const callback = await Promise.race([loopback.callback, pasted.callback, timeout]);
    const code = readAuthorizationResponse(callback, { state, as: o.as });
    return await requestToken(
      o.fetch,
      o.as.token_endpoint,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: loopback.redirectUri,
        code_verifier: pkce.verifier,
        resource: o.tokenResource,
      },
      { client_id: o.clientId, token_endpoint_auth_method: 'none' },
      'The sign-in',
    );
  } finally {
    clearTimeout(timer);
    pasted.stop();
    await loopback.close();
  }
}
