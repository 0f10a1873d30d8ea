import type Provider from 'oidc-provider';
import { isSameLoopbackRedirect } from './client-rules.ts';

/**
 * RFC 8252 §7.3: the authorization server MUST accept any port in a loopback redirect URI, because the app
 * listens on a port the system gives it at the time of the request. oidc-provider ignores the port only for
 * clients registered with `application_type: native`; MCP clients that do not say so (Claude Code's Client ID
 * Metadata Document lists `http://127.0.0.1/callback`, then listens on an ephemeral port) would be refused.
 * This widens the check of every client of `provider` to match a registered loopback redirect on any port.
 */
export function allowAnyLoopbackPort(provider: Provider): void {
  const prototype = provider.Client.prototype;
  const registeredExactly = prototype.redirectUriAllowed;
  prototype.redirectUriAllowed = function redirectUriAllowed(this: { redirectUris: string[] }, uri: string): boolean {
    return registeredExactly.call(this, uri) || this.redirectUris.some((registered) => isSameLoopbackRedirect(registered, uri));
  };
}
