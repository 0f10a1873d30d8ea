import type { OAuthClientProvider as ProviderV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider as ProviderV2 } from '@modelcontextprotocol/client';
import { signInOverHttp } from '../http-sign-in.ts';

type Tokens = Parameters<ProviderV1['saveTokens']>[0];
type ClientInformation = Parameters<NonNullable<ProviderV1['saveClientInformation']>>[0];
type DiscoveryState = Parameters<NonNullable<ProviderV2['saveDiscoveryState']>>[0];

/** How the client gets its client id: by registering itself (RFC 7591) or as the URL of its metadata document. */
export type ClientKind = { registration: 'dynamic' } | { registration: 'metadata-document'; clientMetadataUrl: string };

/**
 * An OAuth client provider as an app implements it for either official SDK, kept in memory. Where an app would
 * open a browser, it walks the sign-in page over HTTP (Continue) and keeps the redirect back to the app, with
 * the authorization code.
 */
export class SignInProvider implements ProviderV1, ProviderV2 {
  /** The redirect the authorization server sent the browser back to, once sign-in ran. */
  callback?: URL;
  /** Every authorization URL the SDK asked to open. */
  readonly authorizationUrls: URL[] = [];
  readonly redirectUrl: string;
  readonly clientMetadataUrl?: string;
  private client?: ClientInformation;
  private stored?: Tokens;
  private verifier = '';
  private discovery?: DiscoveryState;

  constructor(redirectUrl: string, kind: ClientKind) {
    this.redirectUrl = redirectUrl;
    if (kind.registration === 'metadata-document') this.clientMetadataUrl = kind.clientMetadataUrl;
  }

  get clientMetadata() {
    return {
      client_name: 'SDK sign-in test',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: ClientInformation) {
    this.client = client;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: Tokens) {
    this.stored = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  // Kept beside the verifier, so the SDK can check that the code goes back to the server that issued it (SEP-2352).
  saveDiscoveryState(state: DiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
    this.callback = await signInOverHttp(url.href);
  }
}
