// Browser storage of a sign-in made from the docs (the Try it panel's; the operator's feedback page keeps its own): the
// access token it holds and a sign-in under way. sessionStorage keeps them to this tab, until it closes; nothing is
// sent anywhere but the service the page calls.
import type { HeldToken } from '../../../runtime/try-it/browser-oauth.ts';

/** A sign-in that left for the authorization server and will come back to its redirect page. */
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

/** The storage of one sign-in, under `warden.<name>.token` and `warden.<name>.pending`. */
export function createHeldToken(name: string) {
  const [token, pending] = [`warden.${name}.token`, `warden.${name}.pending`];
  return {
    /** The held access token, unless there is none or it has expired (with a minute to spare). */
    readToken(now = Date.now()): HeldToken | undefined {
      const held = read<HeldToken>(token);
      return held && held.expiresAt - 60_000 > now ? held : undefined;
    },
    saveToken: (held: HeldToken) => sessionStorage.setItem(token, JSON.stringify(held)),
    forgetToken: () => sessionStorage.removeItem(token),
    savePending: (signIn: PendingSignIn) => sessionStorage.setItem(pending, JSON.stringify(signIn)),
    /** The sign-in under way, removed as it is read: a code is redeemed once. */
    takePending(): PendingSignIn | undefined {
      const signIn = read<PendingSignIn>(pending);
      sessionStorage.removeItem(pending);
      return signIn;
    },
  };
}

/** The Try it panel's sign-in, which every Warden tool call of the docs uses. */
export const { readToken, saveToken, forgetToken, savePending, takePending } = createHeldToken('try-it');
