// JSON Schemas written from the contract's rules themselves (CONTRACT.md, not content/), so the verifier checks a
// deployment against the contract rather than against its own build inputs.

const url = { type: 'string', format: 'uri', pattern: '^https?://' } as const;

/** Contract HEALTH-1: the health document, five string fields. */
export const HEALTH_SCHEMA = {
  type: 'object',
  required: ['status', 'product', 'docs', 'openapi', 'mcp'],
  properties: { status: { const: 'ok' }, product: { type: 'string', minLength: 1 }, docs: url, openapi: url, mcp: url },
} as const;

/** Contract PROBLEM-1: the RFC 9457 problem envelope, all seven fields. */
export const PROBLEM_SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'status', 'code', 'detail', 'instance', 'resolution'],
  properties: {
    type: url,
    title: { type: 'string', minLength: 1 },
    status: { type: 'integer' },
    code: { type: 'string', minLength: 1 },
    detail: { type: 'string', minLength: 1 },
    instance: { type: 'string', minLength: 1 },
    resolution: { type: 'string', minLength: 1 },
  },
} as const;

const tool = {
  type: 'object',
  required: ['name', 'description', 'inputSchema'],
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z0-9_./-]{1,64}$' },
    description: { type: 'string', minLength: 1 },
    inputSchema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
  },
} as const;

/** Contract DOC-6 and RPC-1: a `tools/list` result (the static `/mcp/tools.json` has the same shape). */
export const TOOLS_LIST_SCHEMA = {
  type: 'object',
  required: ['tools'],
  properties: { tools: { type: 'array', minItems: 1, items: tool } },
} as const;

/** Contract DOC-5: the tool manifest lists the public hosted tools, each with a name. */
export const MCP_MANIFEST_SCHEMA = {
  type: 'object',
  required: ['tools'],
  properties: {
    tools: { type: 'array', minItems: 1, items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
  },
} as const;

/** Contract DOC-3 / RFC 9728 §2: protected-resource metadata naming at least one authorization server. */
export const PROTECTED_RESOURCE_SCHEMA = {
  type: 'object',
  required: ['resource', 'authorization_servers'],
  properties: { resource: url, authorization_servers: { type: 'array', minItems: 1, items: url } },
} as const;

/** Contract DOC-2 / RFC 9727: the API catalog is an RFC 9264 linkset. */
export const LINKSET_SCHEMA = {
  type: 'object',
  required: ['linkset'],
  properties: { linkset: { type: 'array', minItems: 1, items: { type: 'object', required: ['anchor'], properties: { anchor: url } } } },
} as const;

/** Contract DOC-1 and VERSION-2: an OpenAPI 3.1 document with paths. */
export const OPENAPI_SCHEMA = {
  type: 'object',
  required: ['openapi', 'info', 'paths'],
  properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' }, info: { type: 'object' }, paths: { type: 'object', minProperties: 1 } },
} as const;

/** A JSON-RPC 2.0 success response (contract ENDPOINT-10). */
export const RPC_RESULT_SCHEMA = {
  type: 'object',
  required: ['jsonrpc', 'id', 'result'],
  properties: { jsonrpc: { const: '2.0' }, result: { type: 'object' } },
} as const;
