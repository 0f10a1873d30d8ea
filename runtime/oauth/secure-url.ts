import { OAuthClientError } from './oauth-client-error.ts';

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts plain http may reach (RFC 8252 §8.3 treats them as local). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Parses an address a client will send credentials to or trust documents from, and refuses plain http to any
 * host but loopback (RFC 6749 §3.1 and §10.9: endpoints MUST use TLS).
 */
export function requireSecureUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OAuthClientError(`${what} "${value}" is not a URL`, 'ERR_BAD_URL');
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  if (url.protocol === 'http:') {
    throw new OAuthClientError(
      `${what} ${url.origin} uses plain http: only https is allowed, or http to a loopback address`,
      'ERR_INSECURE_URL',
    );
  }
  throw new OAuthClientError(`${what} "${value}" is not an http(s) URL`, 'ERR_BAD_URL');
}

/** The URL without a trailing slash: base URLs and resource identifiers are compared in this form (RFC 8707 §2). */
export function toCanonicalUrl(url: URL): string {
  return url.href.replace(/\/$/, '');
}
