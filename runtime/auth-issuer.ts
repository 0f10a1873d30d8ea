/** The variables that name the authorization server. */
export interface IssuerVariables {
  AUTH_ISSUER?: string;
  APP_URL?: string;
  TOKEN_ISSUER?: string;
}

/**
 * The authorization server the published documents name (RFC 9728 `authorization_servers`): AUTH_ISSUER, else
 * the hosted app's origin, APP_URL, which is its own authorization server. Undefined when neither is set.
 */
export function toAuthIssuer(env: IssuerVariables & { APP_URL: string }): string;
export function toAuthIssuer(env: IssuerVariables): string | undefined;
export function toAuthIssuer(env: IssuerVariables): string | undefined {
  return env.AUTH_ISSUER ?? env.APP_URL;
}

/** The `iss` tokens must carry: TOKEN_ISSUER, else the documented issuer (toAuthIssuer). */
export function toTokenIssuer(env: IssuerVariables & { APP_URL: string }): string;
export function toTokenIssuer(env: IssuerVariables): string | undefined;
export function toTokenIssuer(env: IssuerVariables): string | undefined {
  return env.TOKEN_ISSUER ?? toAuthIssuer(env);
}
