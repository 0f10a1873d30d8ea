/** Hosts of a loopback redirect (RFC 8252 §7.3: any port, any path). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** Schemes that never name an application (RFC 8252 §7.1 private-use schemes are any other). */
const FORBIDDEN_SCHEMES = new Set(['http:', 'javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:', 'ws:', 'wss:']);

/** Whether a redirect URI is an http loopback address (a native app's local listener). */
export function isLoopbackRedirect(uri: string): boolean {
  const url = URL.parse(uri);
  return url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Whether `requested` is the loopback redirect `registered` on another port: the same host, path and query
 * (RFC 8252 §7.3: an app listens on a port the system gives it, so the server must accept any port).
 */
export function isSameLoopbackRedirect(registered: string, requested: string): boolean {
  if (!isLoopbackRedirect(registered) || !isLoopbackRedirect(requested)) return false;
  const a = new URL(registered);
  const b = new URL(requested);
  return a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search && !a.username && !b.username;
}

/**
 * Why a redirect URI is refused for a client that registers itself (open registration or a Client ID
 * Metadata Document), or undefined when it is fine: http only to loopback (RFC 8252 §7.3), https anywhere
 * (a web client), or an app's private-use scheme (RFC 8252 §7.1).
 */
export function toRedirectProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return 'redirect_uris: every entry must be a string';
  const url = URL.parse(uri);
  if (!url) return `redirect_uris: "${uri}" is not an absolute URI`;
  if (url.hash) return `redirect_uris: "${uri}" has a fragment (RFC 6749 §3.1.2)`;
  if (url.protocol === 'https:' || isLoopbackRedirect(uri)) return undefined;
  if (url.protocol === 'http:')
    return `redirect_uris: "${uri}" uses http on a host that is not loopback; use https, or http://127.0.0.1, http://[::1] or http://localhost (RFC 8252 §7.3)`;
  if (FORBIDDEN_SCHEMES.has(url.protocol))
    return `redirect_uris: "${uri}" uses the ${url.protocol.slice(0, -1)} scheme, which names no application`;
  return undefined;
}

/** Grants a self-registered client may use: sign-in with PKCE, its refresh, and the device grant (RFC 8628). */
const SIGN_IN_GRANTS = new Set(['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']);

/** Client metadata as a registration request or a metadata document states it (RFC 7591 §2). */
export type ClientMetadata = Record<string, unknown>;

const asList = (value: unknown): unknown[] | undefined => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

/**
 * The application_type of a self-registered client: the one it states, else `native` when one of its redirect
 * URIs uses an app's private-use scheme, which only a native app has (RFC 8252 §7.1; OpenID Connect Registration
 * §2 would otherwise default it to `web` and refuse the scheme). Undefined leaves the server's default.
 */
export function toApplicationType(metadata: ClientMetadata): string | undefined {
  if (typeof metadata.application_type === 'string') return metadata.application_type;
  const schemes = (asList(metadata.redirect_uris) ?? []).map((uri) => (typeof uri === 'string' ? URL.parse(uri)?.protocol : undefined));
  return schemes.some((scheme) => scheme !== undefined && scheme !== 'http:' && scheme !== 'https:') ? 'native' : undefined;
}

function scopeProblem(metadata: ClientMetadata, scopes: readonly string[]): string | undefined {
  if (metadata.scope === undefined) return undefined;
  if (typeof metadata.scope !== 'string') return 'scope: must be a space-separated string';
  const unknown = metadata.scope.split(' ').filter((s) => s && !scopes.includes(s) && s !== 'openid' && s !== 'offline_access');
  return unknown.length
    ? `scope: ${unknown.map((s) => `"${s}"`).join(', ')} is not a scope of this server (${scopes.join(', ')})`
    : undefined;
}

/**
 * Why a self-registered client is refused, or undefined: it may sign people in (authorization code, refresh,
 * device grant) to loopback, https or private-use redirect URIs. A machine client (client_credentials) needs a
 * registration code: the code, not an open door, is how a workload gets a credential (contract AUTH-4).
 */
export function toPublicClientProblem(metadata: ClientMetadata, scopes: readonly string[]): string | undefined {
  const grants = asList(metadata.grant_types) ?? ['authorization_code'];
  if (grants.includes('client_credentials')) {
    return 'grant_types: "client_credentials" registers a workload client, which needs a registration code (send it as "Authorization: Bearer <code>"; get one from the dashboard)';
  }
  const other = grants.filter((g) => typeof g !== 'string' || !SIGN_IN_GRANTS.has(g));
  if (other.length)
    return `grant_types: ${other.map((g) => JSON.stringify(g)).join(', ')} is not offered; use authorization_code (with refresh_token) or the device grant`;
  const redirects = asList(metadata.redirect_uris) ?? [];
  if (grants.includes('authorization_code') && redirects.length === 0)
    return 'redirect_uris: a client using authorization_code needs at least one';
  for (const uri of redirects) {
    const problem = toRedirectProblem(uri);
    if (problem) return problem;
  }
  return scopeProblem(metadata, scopes);
}

/**
 * Why a registration with a registration code is refused, or undefined: the code registers a workload client,
 * confidential, with client_credentials only (contract AUTH-4). A request for anything else is refused,
 * never silently turned into a different client (RFC 7591 §3.2.2).
 */
export function toWorkloadClientProblem(metadata: ClientMetadata, scopes: readonly string[]): string | undefined {
  const grants = asList(metadata.grant_types);
  if (grants && (grants.length !== 1 || grants[0] !== 'client_credentials')) {
    const refused = grants
      .filter((g) => g !== 'client_credentials')
      .map((g) => JSON.stringify(g))
      .join(', ');
    return `grant_types: a registration code registers a workload client with ["client_credentials"] only; ${refused} is refused (register without a code for a client that signs people in)`;
  }
  if ((asList(metadata.redirect_uris) ?? []).length > 0) return 'redirect_uris: a workload client has none (it uses client_credentials)';
  if ((asList(metadata.response_types) ?? []).length > 0) return 'response_types: a workload client has none (it uses client_credentials)';
  const method = metadata.token_endpoint_auth_method;
  if (method !== undefined && method !== 'client_secret_basic' && method !== 'client_secret_post') {
    return `token_endpoint_auth_method: a workload client is confidential: use client_secret_basic or client_secret_post, not ${JSON.stringify(method)}`;
  }
  return scopeProblem(metadata, scopes);
}
