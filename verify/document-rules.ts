import { PATHS, toUrl } from '../facts/paths.ts';
import { checkLlmsText } from './check-llms.ts';
import {
  HEALTH_SCHEMA,
  LINKSET_SCHEMA,
  MCP_MANIFEST_SCHEMA,
  OPENAPI_SCHEMA,
  PROTECTED_RESOURCE_SCHEMA,
  TOOLS_LIST_SCHEMA,
} from './contract-schemas.ts';

/** What one GET endpoint of the contract's table (ENDPOINT-2 to ENDPOINT-13) must answer. */
export interface DocumentRule {
  /** The CONTRACT.md rule the answer is checked against: the document's own rule where it has one. */
  id: string;
  rule: string;
  path: string;
  types: string[];
  /** JSON Schema of the body; absent for text documents. */
  schema?: object;
  /** Further checks of the parsed body (JSON) or text; each returns problems. */
  extra?: (body: unknown, base: string) => string[];
}

const JSON_TYPES = ['application/json'];

/** Contract DOC-1: every OpenAPI operation has a unique operationId, a description and responses. */
export function checkOperations(doc: unknown): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const paths = (doc as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)) continue;
      const o = op as { operationId?: string; description?: string; responses?: object };
      const where = `${method.toUpperCase()} ${path}`;
      if (!o.operationId) problems.push(`${where} has no operationId`);
      else if (seen.has(o.operationId)) problems.push(`operationId ${o.operationId} is not unique`);
      else seen.add(o.operationId);
      if (!o.description) problems.push(`${where} has no description`);
      if (!o.responses || Object.keys(o.responses).length === 0) problems.push(`${where} has no responses`);
    }
  }
  return problems;
}

/** Every string in a JSON value that looks like an absolute http(s) URL. */
export function toUrlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(toUrlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(toUrlsIn);
  return [];
}

/** Problems when a document does not name each wanted address (exact URL or URL path suffix). */
export function requireAddresses(urls: string[], wanted: Record<string, (u: string) => boolean>): string[] {
  return Object.entries(wanted)
    .filter(([, test]) => !urls.some(test))
    .map(([what]) => `names no ${what} address`);
}

/** The contract's GET documents (the endpoint table, and the DOC and HEALTH rules) and what each must look like. */
export function toDocumentRules(): DocumentRule[] {
  const at = (base: string, path: string) => (u: string) => u === toUrl(base, path);
  const endsWith = (suffix: string) => (u: string) => u.replace(/\/$/, '').endsWith(suffix);
  return [
    {
      id: 'DOC-1',
      rule: 'GET /openapi.json: OpenAPI 3.1, each operation unique and described',
      path: PATHS.openapi,
      types: JSON_TYPES,
      schema: OPENAPI_SCHEMA,
      extra: checkOperations,
    },
    {
      id: 'HEALTH-1',
      rule: 'GET /api/health: the health document',
      path: PATHS.health,
      types: JSON_TYPES,
      schema: HEALTH_SCHEMA,
      extra: (b, base) =>
        ((b as { openapi?: string }).openapi === toUrl(base, PATHS.openapi) ? [] : [`openapi is not ${toUrl(base, PATHS.openapi)}`]).concat(
          endsWith('/mcp')((b as { mcp?: string }).mcp ?? '') ? [] : ['mcp does not end in /mcp'],
        ),
    },
    {
      id: 'DOC-4',
      rule: 'GET /api/catalog: docs, OpenAPI, MCP and CLI addresses',
      path: PATHS.devCatalog,
      types: JSON_TYPES,
      extra: (b, base) =>
        requireAddresses(toUrlsIn(b), {
          OpenAPI: at(base, PATHS.openapi),
          'tool-endpoint (/mcp)': endsWith('/mcp'),
          'CLI (/install)': at(base, PATHS.install),
          docs: (u) => new URL(u).pathname.startsWith('/docs'),
        }),
    },
    {
      id: 'DOC-5',
      rule: 'GET /.well-known/mcp.json: tool manifest with tools',
      path: PATHS.mcpManifest,
      types: JSON_TYPES,
      schema: MCP_MANIFEST_SCHEMA,
    },
    {
      id: 'DOC-2',
      rule: 'GET /.well-known/api-catalog.json: RFC 9727 linkset',
      path: PATHS.apiCatalogJson,
      types: ['application/linkset+json', 'application/json'],
      schema: LINKSET_SCHEMA,
      extra: (b, base) =>
        requireAddresses(toUrlsIn(b), {
          OpenAPI: at(base, PATHS.openapi),
          'OAuth metadata': at(base, PATHS.protectedResource),
          docs: (u) => new URL(u).pathname.startsWith('/docs'),
        }),
    },
    {
      id: 'DOC-3',
      rule: 'GET /.well-known/oauth-protected-resource: RFC 9728 metadata',
      path: PATHS.protectedResource,
      types: JSON_TYPES,
      schema: PROTECTED_RESOURCE_SCHEMA,
    },
    {
      id: 'DOC-6',
      rule: 'GET /mcp/tools.json: static tools/list catalog',
      path: PATHS.toolsJson,
      types: JSON_TYPES,
      schema: TOOLS_LIST_SCHEMA,
    },
    {
      id: 'ENDPOINT-12',
      rule: 'GET /llms.txt: agent index text',
      path: PATHS.llms,
      types: ['text/plain', 'text/markdown'],
      extra: (t) => checkLlmsText(String(t)),
    },
    {
      id: 'ENDPOINT-13',
      rule: 'GET /install: installer script',
      path: PATHS.install,
      types: ['text/x-shellscript', 'application/x-sh', 'text/x-sh', 'text/plain'],
      extra: (t) => (String(t).startsWith('#!') ? [] : ['does not start with #!']),
    },
  ];
}
