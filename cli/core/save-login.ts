import { CliError } from './cli-error.ts';
import type { CredentialStore } from './credential-store.ts';
import type { TokenResponse } from '../../runtime/oauth/token-endpoint.ts';

/** The `sub` of an ID token received straight from the token endpoint (OpenID Connect Core §3.1.3.7: TLS stands in for the signature). */
function toSubject(idToken: string | undefined): string | undefined {
  try {
    const claims = JSON.parse(Buffer.from(idToken!.split('.')[1]!, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/** What a finished login stores. */
export interface LoginResult {
  issuer: string;
  clientId: string;
  resources: string[];
  tokenResource: string;
  tokens: TokenResponse;
  now: number;
}

/** Stores a finished login (its refresh token and first access token) for its authorization server; returns who logged in. */
export async function saveLogin(store: CredentialStore, r: LoginResult): Promise<{ subject?: string; scope: string }> {
  if (!r.tokens.refresh_token) {
    throw new CliError(
      'the authorization server issued no refresh token, so the login could not outlive its first access token',
      'ERR_NO_REFRESH_TOKEN',
    );
  }
  const subject = toSubject(r.tokens.id_token);
  const scope = r.tokens.scope ?? '';
  await store.update((file) => {
    file.issuers[r.issuer] ??= { tokens: {} };
    const entry = file.issuers[r.issuer];
    // A new login replaces the old one and every token cached for it.
    entry.tokens = {};
    entry.login = {
      client_id: r.clientId,
      refresh_token: r.tokens.refresh_token!,
      scope,
      ...(subject ? { subject } : {}),
      resources: r.resources,
      logged_in_at: new Date(r.now).toISOString(),
    };
    entry.tokens[r.tokenResource] = {
      access_token: r.tokens.access_token,
      issued_at: r.now,
      expires_at: r.now + (r.tokens.expires_in ?? 300) * 1000,
      scope,
      from: 'login',
    };
  });
  return { ...(subject ? { subject } : {}), scope };
}
