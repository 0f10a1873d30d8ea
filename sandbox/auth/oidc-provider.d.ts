// oidc-provider ships no types; this declares only the surface the sandbox uses (its docs: docs/README.md upstream).
declare module 'oidc-provider' {
  import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

  /** Provider configuration; checked at runtime by oidc-provider itself. */
  export type Configuration = Record<string, unknown>;
  interface InteractionDetails {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string };
    grantId?: string;
  }
  interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    save(): Promise<string>;
  }
  interface Client {
    clientId: string;
    clientName?: string;
    metadata(): Record<string, unknown>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    callback(): RequestListener;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: { new (properties: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    Client: {
      find(id: string): Promise<Client | undefined>;
      prototype: { redirectUriAllowed(this: { redirectUris: string[] }, uri: string): boolean };
    };
    InitialAccessToken: {
      new (properties: { expiresIn?: number; policies?: string[] }): { save(): Promise<string> };
      find(value: string): Promise<{ destroy(): Promise<void> } | undefined>;
    };
  }
  type OAuthErrorClass = new (description?: string) => Error & { status: number; error: string; error_description?: string };
  export const errors: {
    InvalidTarget: OAuthErrorClass;
    InvalidClientMetadata: OAuthErrorClass;
    OIDCProviderError: OAuthErrorClass;
  };
}
