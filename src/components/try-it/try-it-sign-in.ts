// The Try it page in the browser: redeems a returning sign-in, then shows whether a token is held.
import { redeemCode } from '../../../runtime/try-it/browser-oauth.ts';
import type { TryItConfig } from '../../../documents/try-it/to-try-it-config.ts';
import { forgetToken, readToken, saveToken, takePending } from './held-token.ts';

/** Handles the authorization response in this page's address (RFC 6749 §4.1.2), if any, and shows the sign-in state. */
export async function finishSignIn(box: HTMLElement): Promise<void> {
  const config = JSON.parse(box.querySelector('[data-config]')!.textContent ?? '{}') as TryItConfig;
  const status = box.querySelector<HTMLElement>('[data-status]')!;
  const signOut = box.querySelector<HTMLButtonElement>('[data-sign-out]')!;
  const show = () => {
    const token = readToken();
    signOut.hidden = !token;
    status.textContent = token
      ? `Signed in until ${new Date(token.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })} (scopes: ${token.scope}).`
      : 'Not signed in.';
  };
  signOut.addEventListener('click', () => {
    forgetToken();
    show();
  });

  const params = new URLSearchParams(location.search);
  if (params.has('code') || params.has('error')) {
    const pending = takePending();
    // The address is cleaned at once: a code is good once, and a reload must not send it again.
    history.replaceState(null, '', location.pathname);
    if (params.has('error')) {
      status.textContent = `The sign-in ended without a token: ${params.get('error_description') ?? params.get('error')}`;
      return;
    }
    // RFC 6749 §10.12: only the answer to the request this browser made is redeemed.
    if (!pending || params.get('state') !== pending.state) {
      status.textContent = 'This sign-in was not started here (or was already used): start it again from a Try it panel.';
      return;
    }
    status.textContent = 'Finishing the sign-in…';
    try {
      saveToken(
        await redeemCode(pending.tokenEndpoint, {
          code: params.get('code')!,
          verifier: pending.verifier,
          clientId: config.clientId,
          redirectUri: config.redirectUri,
          resource: config.resource,
        }),
      );
      location.replace(pending.returnTo);
      return;
    } catch (error) {
      status.textContent = (error as Error).message;
      return;
    }
  }
  show();
}
