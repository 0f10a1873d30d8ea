// Browser storage of the Try it panel: the access token it holds and a sign-in under way. sessionStorage keeps
// them to this tab, until it closes; nothing is sent anywhere but the service the page documents.
import type { HeldToken } from '../../../runtime/try-it/browser-oauth.ts';

const TOKEN = 'warden.try-it.token';
const PENDING = 'warden.try-it.pending';

/** A sign-in that left for the authorization server and will come back to the Try it page. */
export interface PendingSignIn {
  state: string;
  verifier: string;
  tokenEndpoint: string;
  /** The page (and its panel) to return to once the code is redeemed. */
  returnTo: string;
}

const read = <T>(key: string): T | undefined => {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
};

/** The held access token, unless there is none or it has expired (with a minute to spare). */
export function readToken(now = Date.now()): HeldToken | undefined {
  const token = read<HeldToken>(TOKEN);
  return token && token.expiresAt - 60_000 > now ? token : undefined;
}

export const saveToken = (token: HeldToken) => sessionStorage.setItem(TOKEN, JSON.stringify(token));
export const forgetToken = () => sessionStorage.removeItem(TOKEN);
export const savePending = (pending: PendingSignIn) => sessionStorage.setItem(PENDING, JSON.stringify(pending));

/** The sign-in under way, removed as it is read: a code is redeemed once. */
export function takePending(): PendingSignIn | undefined {
  const pending = read<PendingSignIn>(PENDING);
  sessionStorage.removeItem(PENDING);
  return pending;
}
