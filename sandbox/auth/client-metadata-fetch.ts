/** Whether a URL names this machine (the local demo's own client documents). */
function isLoopbackUrl(url: string | URL): boolean {
  const { hostname } = new URL(url);
  return hostname === '127.0.0.1' || hostname === '[::1]' || hostname === 'localhost';
}

/**
 * The fetch oidc-provider uses for Client ID Metadata Documents. It hands over a dispatcher that refuses
 * special-use addresses (an SSRF guard, kept for every other host); the demo sandbox runs on one machine, so a
 * client whose document is served from loopback is fetched from loopback. The client id must still be https.
 */
export function fetchClientMetadata(url: string | URL, options: RequestInit & { dispatcher?: unknown }): Promise<Response> {
  if (!isLoopbackUrl(url)) return fetch(url, options);
  const { dispatcher: _guard, ...rest } = options;
  return fetch(url, rest);
}
