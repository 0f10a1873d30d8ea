import type { Content } from '../content/read-content.ts';
import type { Operation } from '../schemas/operation.ts';
import { toUrl } from './paths.ts';

/** The name of the OAuth 2 security scheme in the OpenAPI document. */
export const OAUTH_SCHEME = 'wardenOAuth';

function toSecurity(op: Operation): Array<Record<string, string[]>> {
  // Contract §5: discovery needs no credential; on the tool endpoint only tools/call does,
  // so the requirement is optional ({}) or OAuth with the scopes a tool call needs.
  return op.auth === 'none' ? [] : [{}, { [OAUTH_SCHEME]: op.scopes }];
}

function toOperationObject(op: Operation): Record<string, unknown> {
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: op.tags,
    security: toSecurity(op),
    ...(op.parameters.length ? { parameters: op.parameters } : {}),
    ...(op.requestBody ? { requestBody: op.requestBody } : {}),
    responses: op.responses,
  };
}

/** Builds the OpenAPI 3.1 document from the operation definitions (contract §2.4). */
export function toOpenApi(content: Content): Record<string, unknown> {
  const { site, api, operations, schemas } = content;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = toOperationObject(op);
  const scopes = Object.fromEntries(site.scopes.map((s) => [s.name, s.description]));
  return {
    openapi: '3.1.1',
    info: {
      title: api.title,
      summary: api.summary,
      description: `${site.product.description} ${site.product.not_a_model}`,
      version: site.product.version,
      contact: { name: `${site.product.name} developer docs`, url: toUrl(site.base_url, site.docs_path) },
      license: { name: 'Proprietary', url: toUrl(site.base_url, site.docs_path) },
    },
    servers: [{ url: site.base_url, description: `${site.product.name} public host` }],
    tags: api.tags,
    paths,
    components: {
      schemas,
      securitySchemes: {
        [OAUTH_SCHEME]: {
          type: 'oauth2',
          description: `OAuth 2 access tokens from ${site.auth_issuer} (RFC 8414 metadata at ${toUrl(site.auth_issuer, '/.well-known/oauth-authorization-server')}). Request them with resource=${site.base_url} (RFC 8707). Humans use the authorization code flow with PKCE; workload clients, registered from a registration code, use client credentials.`,
          flows: {
            authorizationCode: {
              authorizationUrl: toUrl(site.auth_issuer, site.oauth.authorization_path),
              tokenUrl: toUrl(site.auth_issuer, site.oauth.token_path),
              scopes,
            },
            clientCredentials: { tokenUrl: toUrl(site.auth_issuer, site.oauth.token_path), scopes },
          },
        },
      },
    },
  };
}
