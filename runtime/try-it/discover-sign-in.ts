// Kept apart from browser-oauth.ts: the panel loads it (and the core's validation) only when someone signs in.
import { discoverAuthorizationServer, requireEndpoint } from '../oauth/authorization-server.ts';
import { isOAuthClientError } from '../oauth/oauth-client-error.ts';
import { discoverProtectedResource } from '../oauth/protected-resource.ts';
import { SignInError, type AuthorizationServer } from './browser-oauth.ts';

/** Runs one step of discovery; a failure of the core becomes a sentence naming who could not be used. */
async function inStep<T>(who: string, address: string, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isOAuthClientError(error)) throw error;
    if (error.code === 'ERR_UNREACHABLE')
      throw new SignInError(
        `${who} at ${new URL(address).origin} is not reachable from this browser, so signing in is not possible right now.`,
      );
    throw new SignInError(`Signing in is not possible: ${error.message}.`);
  }
}

/**
 * Finds the authorization server of a resource as an MCP client does, with the shared core's checks: the
 * resource's protected-resource metadata (RFC 9728 §3) names its issuer, whose metadata (RFC 8414 §3, issuer
 * equal to the one named, §3.3) names the endpoints, each on TLS or loopback.
 */
export async function discoverSignIn(resource: string, fetchFn: typeof fetch = fetch): Promise<AuthorizationServer> {
  const { issuer } = await inStep('The service', resource, () => discoverProtectedResource(fetchFn, new URL(resource)));
  const as = await inStep('The sign-in service', issuer, () => discoverAuthorizationServer(fetchFn, issuer));
  const authorizationEndpoint = await inStep('The sign-in service', issuer, () =>
    requireEndpoint(as, 'authorization_endpoint', 'sign-in in a browser'),
  );
  return { issuer: as.issuer, authorization_endpoint: authorizationEndpoint, token_endpoint: as.token_endpoint };
}
