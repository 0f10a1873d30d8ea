import type { Content } from '../content-model/read-content.ts';
import type { Operation } from '../content-model/schemas/operation.ts';
import { toUrl } from '../facts/paths.ts';
import { fillPlaceholders, toPlaceholders } from '../content-model/fill-placeholders.ts';

function toSecurity(op: Operation, scheme: string): Array<Record<string, string[]>> {
  // Contract AUTH-1, AUTH-2: discovery needs no credential; on the tool endpoint only the public methods go without one,
  // so the requirement is optional ({}) or OAuth with the scopes a tool call needs; the operator's view always needs one.
  if (op.auth === 'none') return [];
  return op.auth === 'operator' ? [{ [scheme]: op.scopes }] : [{}, { [scheme]: op.scopes }];
}

function toOperationObject(op: Operation, scheme: string): Record<string, unknown> {
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: op.tags,
    security: toSecurity(op, scheme),
    ...(op.parameters.length ? { parameters: op.parameters } : {}),
    ...(op.requestBody ? { requestBody: op.requestBody } : {}),
    responses: op.responses,
  };
}

/** Builds the OpenAPI 3.1 document from the operation definitions (contract DOC-1). */
export function toOpenApi(content: Content): Record<string, unknown> {
  const { site, api, operations, schemas } = content;
  const paths: Record<string, Record<string, unknown>> = {};
  const scheme = api.security_scheme.name;
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path][op.method] = toOperationObject(op, scheme);
  }
  const scopes = Object.fromEntries(site.scopes.map((s) => [s.name, s.description]));
  return {
    openapi: '3.1.1',
    info: {
      title: api.title,
      summary: api.summary,
      description: `${site.product.description} ${site.product.not_a_model}`,
      version: site.product.version,
      contact: { name: `${site.product.name} developer docs`, url: toUrl(site.base_url, site.docs_path) },
      license: { name: api.license, url: toUrl(site.base_url, site.docs_path) },
    },
    servers: [{ url: site.base_url, description: `${site.product.name} public host` }],
    tags: api.tags,
    paths,
    components: {
      schemas,
      securitySchemes: {
        [scheme]: {
          type: 'oauth2',
          description: fillPlaceholders(
            api.security_scheme.description,
            toPlaceholders(site),
            'content/api.yaml security_scheme.description',
          ),
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
