import { CliError } from './cli-error.ts';
import type { CachedToken, IssuerCredentials } from './credential-file.ts';
import type { CredentialStore } from './credential-store.ts';
import type { AuthServerMetadata } from '../../runtime/oauth/authorization-server.ts';
import { getClientCredentialsToken } from '../../runtime/oauth/client-credentials-token.ts';
import type { Fetch } from '../../runtime/oauth/fetch-json.ts';
import { OAuthResponseError, requestToken, type TokenResponse } from '../../runtime/oauth/token-endpoint.ts';

/** Where tokens for one resource come from. */
export interface TokenSourceOptions {
  store: CredentialStore;
  issuer: string;
  as: AuthServerMetadata;
  /** RFC 8707 resource identifier of the endpoint the tokens are sent to. */
  resource: string;
  /** Scopes a workload client asks for (the resource's `scopes_supported`). */
  scopes: string[];
  fetch: Fetch;
  now: () => number;
}

/** Hands out access tokens for one resource: cached while fresh, renewed before expiry or when the server refused one. */
export interface TokenSource {
  /** A fresh token, or undefined when nothing is stored for this authorization server. */
  getToken(): Promise<string | undefined>;
  /** A token other than `rejected` (the server answered 401 to it); throws when no credential can make one. */
  renewToken(rejected: string | undefined): Promise<string>;
}

/** The message every call without a credential gets. */
export const NO_CREDENTIAL =
  'no credential for this service: run `warden login` (a person) or `warden admin register --code <CODE>` (a workload)';

/** Renew this long before expiry: a tenth of the lifetime, at most a minute (clock skew and request time). */
function isFresh(token: CachedToken, now: number): boolean {
  const margin = Math.min(60_000, (token.expires_at - token.issued_at) / 10);
  return token.expires_at - margin > now;
}

/** The credential a token comes from: the human login when there is one, else the workload client. */
function hasCredential(entry: IssuerCredentials | undefined): boolean {
  return Boolean(entry?.login ?? entry?.workload);
}

/** Asks the token endpoint for a new access token with the stored credential (refresh or client credentials). */
async function obtain(o: TokenSourceOptions, entry: IssuerCredentials): Promise<{ response: TokenResponse; from: CachedToken['from'] }> {
  if (entry.login) {
    try {
      // RFC 6749 §6 with RFC 8707 §2.2: the refresh names the resource the new token is for.
      const response = await requestToken(
        o.fetch,
        o.as.token_endpoint,
        { grant_type: 'refresh_token', refresh_token: entry.login.refresh_token, resource: o.resource },
        { client_id: entry.login.client_id, token_endpoint_auth_method: 'none' },
        'Refreshing the login',
      );
      return { response, from: 'login' };
    } catch (error) {
      if (error instanceof OAuthResponseError && error.error === 'invalid_grant') {
        throw new CliError('your login has expired or was revoked: run `warden login` again', 'ERR_LOGIN_EXPIRED');
      }
      throw error;
    }
  }
  const response = await getClientCredentialsToken(o.fetch, o.as, entry.workload!, o.resource, o.scopes);
  return { response, from: 'workload' };
}

/** Creates the token lifecycle for one resource over the credential store. */
export function createTokenSource(o: TokenSourceOptions): TokenSource {
  const renew = async (rejected: string | undefined, required: boolean) => {
    // Nothing stored: say so without touching the folder (no lock file, no empty credentials file).
    if (!hasCredential(o.store.read().issuers[o.issuer])) {
      if (required) throw new CliError(NO_CREDENTIAL, 'ERR_NO_CREDENTIAL');
      return undefined;
    }
    return o.store.update(async (file) => {
      // Under the lock: another process may have renewed meanwhile; its token is as good as ours.
      const entry = file.issuers[o.issuer];
      const cached = entry?.tokens[o.resource];
      if (cached && cached.access_token !== rejected && isFresh(cached, o.now())) return cached.access_token;
      if (!entry || !hasCredential(entry)) {
        if (required) throw new CliError(NO_CREDENTIAL, 'ERR_NO_CREDENTIAL');
        return undefined;
      }
      const issuedAt = o.now();
      const { response, from } = await obtain(o, entry);
      // RFC 6749 §5.1: expires_in is recommended, not required; without it, assume a short life.
      const expiresIn = response.expires_in ?? 300;
      entry.tokens[o.resource] = {
        access_token: response.access_token,
        issued_at: issuedAt,
        expires_at: issuedAt + expiresIn * 1000,
        scope: response.scope ?? '',
        from,
      };
      // Rotated refresh tokens (RFC 9700 §4.14.2): the old one is spent, keep the new one.
      if (from === 'login' && response.refresh_token) entry.login!.refresh_token = response.refresh_token;
      return response.access_token;
    });
  };
  return {
    async getToken() {
      const cached = o.store.read().issuers[o.issuer]?.tokens[o.resource];
      if (cached && isFresh(cached, o.now())) return cached.access_token;
      return renew(undefined, false);
    },
    async renewToken(rejected) {
      return (await renew(rejected, true))!;
    },
  };
}
