import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DIST } from '../helpers/built-site.ts';
import { readBuiltJson } from '../helpers/dist-files.ts';

/** The parts of an OpenAPI 3.1 document these tests read. */
interface Schema {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface MediaType {
  schema?: Schema;
}
interface Operation {
  operationId: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType>; headers?: Record<string, { required?: boolean }> }>;
}
type Doc = {
  openapi: string;
  webhooks?: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, { type: string; flows: { clientCredentials: { scopes: Record<string, string> } } }>;
  };
};
const doc = readBuiltJson<Doc>('/openapi.json');
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);

// Every row of the contract's endpoint table, by its id.
const CONTRACT_ROWS = [
  ['ENDPOINT-2', 'get', '/openapi.json'],
  ['ENDPOINT-3', 'get', '/api/health'],
  ['ENDPOINT-4', 'get', '/api/v1/health'],
  ['ENDPOINT-5', 'get', '/api/catalog'],
  ['ENDPOINT-6', 'get', '/.well-known/mcp.json'],
  ['ENDPOINT-7', 'get', '/.well-known/api-catalog.json'],
  ['ENDPOINT-8', 'get', '/.well-known/oauth-protected-resource'],
  ['ENDPOINT-9', 'get', '/mcp/tools.json'],
  ['ENDPOINT-10', 'post', '/mcp'],
  ['ENDPOINT-11', 'post', '/.well-known/mcp'],
  ['ENDPOINT-12', 'get', '/llms.txt'],
  ['ENDPOINT-13', 'get', '/install'],
] as const;

const run = (cmd: string, args: string[]) => {
  try {
    return {
      code: 0,
      out: execFileSync(cmd, args, {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', SCARF_ANALYTICS: 'false' },
        stdio: 'pipe',
      }),
    };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
};

describe('/openapi.json', () => {
  it('is OpenAPI 3.1 (contract VERSION-2)', () => expect(doc.openapi).toMatch(/^3\.1\.\d+$/));

  it.each(CONTRACT_ROWS)('%s: documents %s %s', (_id, method, path) => {
    expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('DOC-1: every operation has a unique operationId, a description and response schemas', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of operations) {
      expect(op.description?.length, op.operationId).toBeGreaterThan(20);
      for (const [status, r] of Object.entries(op.responses)) {
        for (const media of Object.values(r.content ?? {})) expect(media.schema, `${op.operationId} ${status}`).toBeDefined();
      }
    }
  });

  it('HEALTH-1: the health response schema has exactly the five string fields', () => {
    const health = doc.components.schemas.Health;
    expect(Object.keys(health.properties!).sort()).toEqual(['docs', 'mcp', 'openapi', 'product', 'status']);
    expect(health.required!.sort()).toEqual(['docs', 'mcp', 'openapi', 'product', 'status']);
    for (const p of Object.values(health.properties!)) expect(p.type).toBe('string');
    expect(doc.paths['/api/health']!.get!.responses['200'].content!['application/json'].schema!.$ref).toBe('#/components/schemas/Health');
  });

  it('RPC-2, RPC-4: POST /mcp and /.well-known/mcp document the 401 with its WWW-Authenticate header, and a JSON-RPC request body', () => {
    for (const path of ['/mcp', '/.well-known/mcp']) {
      const op = doc.paths[path]!.post!;
      expect(op.responses['401'].headers!['WWW-Authenticate'].required).toBe(true);
      expect(op.requestBody!.content['application/json'].schema!.$ref).toBe('#/components/schemas/JsonRpcRequest');
    }
  });

  it('AUTH-1, AUTH-2, AUTH-7: an OAuth 2 scheme with warden:access on tool calls; discovery needs none', () => {
    const [name, scheme] = Object.entries(doc.components.securitySchemes)[0]!;
    expect(scheme.type).toBe('oauth2');
    expect(Object.keys(scheme.flows.clientCredentials.scopes)).toContain('warden:access');
    expect(doc.paths['/mcp']!.post!.security).toContainEqual({ [name]: ['warden:access'] });
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
  });

  it('EVENT-1: describes no outbound webhooks', () => expect(doc.webhooks).toBeUndefined());

  it('has zero errors from redocly lint (telemetry off)', () => {
    const { code, out } = run('npx', ['redocly', 'lint', '--config', 'redocly.yaml', '--format=stylish', `${DIST}/openapi.json`]);
    expect(out).not.toMatch(/\berror\b/);
    expect(code, out).toBe(0);
  }, 60_000);

  it("has zero errors from Spectral's spectral:oas ruleset", () => {
    const { code, out } = run('npx', ['spectral', 'lint', '-r', '.spectral.yaml', '-f', 'stylish', `${DIST}/openapi.json`]);
    expect(out).not.toMatch(/\d+:\d+\s+error/);
    expect(code, out).toBe(0);
  }, 60_000);
});
