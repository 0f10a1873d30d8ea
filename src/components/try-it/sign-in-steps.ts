// The two halves of a sign-in made from a docs page with the site's public client (authorization code with PKCE, in
// the browser): leaving for the sign-in page, and redeeming the code the sign-in returns with. The Try it panel and
// the Try it page use them, and so does the operator's feedback page, each with its own storage (held-token.ts).
import { redeemCode, toAuthorizationUrl, toCodeChallenge, toRandomString } from '../../../runtime/try-it/browser-oauth.ts';
import type { TryItConfig } from '../../../documents/try-it/to-try-it-config.ts';
import type { createHeldToken } from './held-token.ts';

/** Where a sign-in keeps its token and its sign-in under way. */
export type HeldTokenStore = ReturnType<typeof createHeldToken>;

/**
 * Finds the authorization server of `config.resource` and sends the person to its sign-in page; they come back to
 * `config.redirectUri`, then to `returnTo`. Throws a SignInError, in words a reader can act on, when that is not
 * possible.
 */
export async function startSignIn(config: TryItConfig, held: HeldTokenStore, returnTo: string): Promise<void> {
  // Loaded on first use: pages show a sign-in button long before anyone signs in.
  const { discoverSignIn } = await import('../../../runtime/try-it/discover-sign-in.ts');
  const server = await discoverSignIn(config.resource);
  const [state, verifier] = [toRandomString(), toRandomString()];
  held.savePending({ state, verifier, tokenEndpoint: server.token_endpoint, returnTo });
  location.assign(toAuthorizationUrl(server.authorization_endpoint, { ...config, state, codeChallenge: await toCodeChallenge(verifier) }));
}

/** What the page's address says of a sign-in that came back: nothing, a failure in words, or the token, now held. */
export type SignInReturn = { kind: 'none' } | { kind: 'failed'; message: string } | { kind: 'signed-in'; returnTo: string };

/**
 * Handles the authorization response in this page's address (RFC 6749 §4.1.2), if any: the address is cleaned at once
 * (a code is good once, and a reload must not send it again), and only the answer to the request this browser made
 * is redeemed (§10.12). `retry` says where to start again when the sign-in was not started here.
 */
export async function finishSignIn(config: TryItConfig, held: HeldTokenStore, retry: string): Promise<SignInReturn> {
  const params = new URLSearchParams(location.search);
  if (!params.has('code') && !params.has('error')) return { kind: 'none' };
  const pending = held.takePending();
  history.replaceState(null, '', location.pathname);
  if (params.has('error'))
    return { kind: 'failed', message: `The sign-in ended without a token: ${params.get('error_description') ?? params.get('error')}` };
  if (!pending || params.get('state') !== pending.state)
    return { kind: 'failed', message: `This sign-in was not started here (or was already used): ${retry}` };
  try {
    held.saveToken(
      await redeemCode(pending.tokenEndpoint, {
        code: params.get('code')!,
        verifier: pending.verifier,
        clientId: config.clientId,
        redirectUri: config.redirectUri,
        resource: config.resource,
      }),
    );
    return { kind: 'signed-in', returnTo: pending.returnTo };
  } catch (error) {
    return { kind: 'failed', message: (error as Error).message };
  }
}
