/**
 * The rules of published discovery formats that no npm package ships a schema for, written as JSON Schemas from their
 * specifications, one rule per sentence there. Objects stay open where the formats say clients ignore unknown members.
 */

// Agent Skills Discovery 0.2.0 (cloudflare/agent-skills-discovery-rfc README: Discovery Index, Skill entry fields,
// Integrity and Verification), the fields the `skills` CLI checks (dist/cli.mjs, isValidSkillEntryV2).
export const AGENT_SKILLS_INDEX_SCHEMA = {
  type: 'object',
  required: ['$schema', 'skills'],
  properties: {
    $schema: { const: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json' },
    skills: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'type', 'description', 'url', 'digest'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
          type: { enum: ['skill-md', 'archive'] },
          description: { type: 'string', minLength: 1, maxLength: 1024 },
          url: { type: 'string', format: 'uri-reference', minLength: 1 },
          digest: { type: 'string', pattern: '^sha256:[a-f0-9]{64}$' },
        },
      },
    },
  },
};

// An Input of a remote's headers or URL variables (experimental-ext-server-card schema.ts, Input and KeyValueInput;
// the registry's server.json has the same shape).
const INPUT = {
  type: 'object',
  properties: {
    description: { type: 'string' },
    isRequired: { type: 'boolean' },
    isSecret: { type: 'boolean' },
    format: { enum: ['string', 'number', 'boolean', 'filepath'] },
    default: { type: 'string' },
    placeholder: { type: 'string' },
    value: { type: 'string' },
    choices: { type: 'array', items: { type: 'string' } },
  },
};
const REMOTE = {
  type: 'object',
  required: ['type', 'url'],
  properties: {
    type: { enum: ['streamable-http', 'sse'] },
    url: { type: 'string', pattern: '^(https?://[^\\s]+|\\{[a-zA-Z_][a-zA-Z0-9_]*\\}[^\\s]*)$' },
    headers: { type: 'array', items: { allOf: [INPUT, { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }] } },
    variables: { type: 'object', additionalProperties: INPUT },
  },
};
// Server name, version and description as both formats define them: reverse-DNS name with exactly one slash,
// 3–200 characters; a version of at most 255 characters and no range; a description of 1–100 characters.
const IDENTITY = {
  name: { type: 'string', minLength: 3, maxLength: 200, pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$' },
  version: { type: 'string', minLength: 1, maxLength: 255, not: { pattern: '^[\\^~<>=]|[x*]$|\\|\\|| - ' } },
  description: { type: 'string', minLength: 1, maxLength: 100 },
  title: { type: 'string', minLength: 1, maxLength: 100 },
  websiteUrl: { type: 'string', format: 'uri' },
  _meta: {
    type: 'object',
    propertyNames: {
      pattern:
        '^([a-zA-Z]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\\.[a-zA-Z]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*/)?([a-zA-Z0-9]([a-zA-Z0-9._-]*[a-zA-Z0-9])?)?$',
    },
  },
};

// MCP server card v1 (SEP-2127; modelcontextprotocol/experimental-ext-server-card schema.ts, ServerCard and Remote):
// `$schema` exactly the v1 card schema URL; required name, version, description; remotes with protocol versions.
export const SERVER_CARD_SCHEMA = {
  type: 'object',
  required: ['$schema', 'name', 'version', 'description'],
  properties: {
    $schema: { type: 'string', pattern: '^https://static\\.modelcontextprotocol\\.io/schemas/v1/server-card\\.schema\\.json$' },
    ...IDENTITY,
    remotes: {
      type: 'array',
      items: {
        allOf: [REMOTE, { type: 'object', properties: { supportedProtocolVersions: { type: 'array', items: { type: 'string' } } } }],
      },
    },
  },
};

// The MCP Registry's server.json, schema of 2025-12-11 (modelcontextprotocol/registry docs/reference/server-json:
// ServerDetail, StreamableHttpTransport, SseTransport), for a remote-only server: required name, description, version;
// `$schema` a dated server.schema.json URL; remotes of streamable-http or sse with a URL; publisher data under the
// registry's `io.modelcontextprotocol.registry/publisher-provided` `_meta` key (official registry requirements).
export const SERVER_JSON_SCHEMA = {
  type: 'object',
  required: ['$schema', 'name', 'description', 'version'],
  properties: {
    $schema: {
      type: 'string',
      pattern: '^https://static\\.modelcontextprotocol\\.io/schemas/\\d{4}-\\d{2}-\\d{2}/server\\.schema\\.json$',
    },
    ...IDENTITY,
    remotes: { type: 'array', items: REMOTE },
    packages: { type: 'array' },
    _meta: { type: 'object', propertyNames: { enum: ['io.modelcontextprotocol.registry/publisher-provided'] } },
  },
};
