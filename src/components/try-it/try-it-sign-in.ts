// The Try it page in the browser: redeems a returning sign-in, then shows whether a token is held.
import type { TryItConfig } from '../../../documents/try-it/to-try-it-config.ts';
import * as held from './held-token.ts';
import { finishSignIn as redeemReturn } from './sign-in-steps.ts';

/** Handles the authorization response in this page's address, if any, and shows the sign-in state. */
export async function finishSignIn(box: HTMLElement): Promise<void> {
  const config = JSON.parse(box.querySelector('[data-config]')!.textContent ?? '{}') as TryItConfig;
  const status = box.querySelector<HTMLElement>('[data-status]')!;
  const signOut = box.querySelector<HTMLButtonElement>('[data-sign-out]')!;
  const show = () => {
    const token = held.readToken();
    signOut.hidden = !token;
    status.textContent = token
      ? `Signed in until ${new Date(token.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })} (scopes: ${token.scope}).`
      : 'Not signed in.';
  };
  signOut.addEventListener('click', () => {
    held.forgetToken();
    show();
  });

  if (new URLSearchParams(location.search).has('code')) status.textContent = 'Finishing the sign-in…';
  const returned = await redeemReturn(config, held, 'start it again from a Try it panel.');
  if (returned.kind === 'signed-in') {
    location.replace(returned.returnTo);
    return;
  }
  if (returned.kind === 'failed') {
    status.textContent = returned.message;
    return;
  }
  show();
}
