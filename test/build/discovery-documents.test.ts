import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_URL, BASE_URL, readTestContent } from '../helpers/built-site.ts';
import { readBuilt, readBuiltJson, toDistFile } from '../helpers/dist-files.ts';
import { validateWith } from '../helpers/ajv.ts';

// RFC 9264 §4.2 linkset, rejecting bare-string relation values and extra top-level keys.
const LINKSET_SCHEMA = {
  type: 'object',
  required: ['linkset'],
  additionalProperties: false,
  properties: { linkset: { type: 'array', minItems: 1, items: { $ref: '#/$defs/context' } } },
  $defs: {
    context: {
      type: 'object',
      properties: { anchor: { type: 'string', format: 'uri' } },
      additionalProperties: { type: 'array', minItems: 1, items: { $ref: '#/$defs/target' } },
    },
    target: {
      type: 'object',
      required: ['href'],
      properties: { href: { type: 'string', format: 'uri' }, type: { type: 'string' }, title: { type: 'string' } },
    },
  },
};

// MCP tools/list entry (MCP conformance tools-list: name 1–64 chars of [A-Za-z0-9_./-], description, inputSchema).
const TOOL_SCHEMA = {
  type: 'object',
  required: ['name', 'description', 'inputSchema'],
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z0-9_./-]{1,64}$' },
    title: { type: 'string' },
    description: { type: 'string', minLength: 1 },
    inputSchema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
    outputSchema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
    annotations: { type: 'object', properties: { readOnlyHint: { type: 'boolean' }, destructiveHint: { type: 'boolean' } } },
  },
};

/** A link target of a linkset (RFC 9264 §4.2.2). */
interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
}

/** The relations of the linkset's context objects, merged: relation type → its link targets. */
const relationsOf = (doc: { linkset: Array<Record<string, unknown>> }): Record<string, LinkTarget[]> => Object.assign({}, ...doc.linkset);

describe('/.well-known/api-catalog (RFC 9727)', () => {
  const catalog = readBuiltJson<{ linkset: Array<Record<string, unknown>> }>('/.well-known/api-catalog');

  it('is a valid RFC 9264 linkset whose only member is linkset', () => {
    expect(validateWith(LINKSET_SCHEMA, catalog)).toEqual([]);
    expect(Object.keys(catalog)).toEqual(['linkset']);
  });

  it('links service-desc → openapi.json, service-doc → docs and llms.txt, service-meta → PRM, status → health', () => {
    const rel = relationsOf(catalog);
    expect(rel['service-desc'].map((l) => l.href)).toEqual([`${BASE_URL}/openapi.json`]);
    expect(rel['service-doc'].map((l) => l.href)).toEqual(expect.arrayContaining([`${BASE_URL}/docs/overview`, `${BASE_URL}/llms.txt`]));
    expect(rel['service-meta'].map((l) => l.href)).toContain(`${BASE_URL}/.well-known/oauth-protected-resource`);
    expect(rel.status.map((l) => l.href)).toEqual([`${BASE_URL}/api/health`]);
  });

  it('is identical at /.well-known/api-catalog.json', () => {
    expect(readBuilt('/.well-known/api-catalog.json')).toBe(readBuilt('/.well-known/api-catalog'));
  });
});

describe('/.well-known/oauth-protected-resource (RFC 9728)', () => {
  it.each([
    ['/.well-known/oauth-protected-resource', BASE_URL],
    ['/.well-known/oauth-protected-resource/mcp', BASE_URL],
    ['/.well-known/oauth-protected-resource/.well-known/mcp', BASE_URL],
  ])(
    '%s names resource %s (the one identifier for both endpoint paths), the authorization server and the scopes, with no empty arrays',
    (path, resource) => {
      const prm = readBuiltJson<Record<string, unknown>>(path);
      // RFC 9728 §3.3 as the MCP SDKs apply it: the origin as resource works for /mcp and /.well-known/mcp alike; tokens carry it as aud.
      expect(prm.resource).toBe(resource);
      expect(prm.authorization_servers).toEqual([APP_URL]);
      // One resource, the origin, so the operator's scope for /api/feedback is among the tools' scopes.
      expect(prm.scopes_supported).toEqual(['warden:access', 'warden:lessons.read', 'warden:lessons.write', 'warden:operator']);
      expect(prm.bearer_methods_supported).toEqual(['header']);
      expect(prm.resource_name).toEqual(expect.any(String));
      expect(String(prm.resource_documentation).startsWith(`${BASE_URL}/docs/`), String(prm.resource_documentation)).toBe(true);
      // §3.2: members with zero values are omitted.
      for (const [key, value] of Object.entries(prm)) if (Array.isArray(value)) expect(value.length, key).toBeGreaterThan(0);
    },
  );
});

/** The members of /.well-known/mcp.json these tests read on their own. */
interface McpManifest {
  tools: Array<Record<string, unknown>>;
  description: string;
  remotes: Array<{ url: string; supportedProtocolVersions: string[] }>;
  auth: { resource_metadata: string };
}

describe('/mcp/tools.json and /.well-known/mcp.json', () => {
  const toolsList = readBuiltJson<{ tools: Array<Record<string, unknown>> }>('/mcp/tools.json');
  const manifest = readBuiltJson<McpManifest>('/.well-known/mcp.json');

  it('tools.json is exactly { "tools": [...] } in the MCP tools/list shape', async () => {
    expect(Object.keys(toolsList)).toEqual(['tools']);
    expect(toolsList.tools.length).toBe((await readTestContent()).tools.length);
    for (const tool of toolsList.tools) expect(validateWith(TOOL_SCHEMA, tool), String(tool.name)).toEqual([]);
  });

  it('mcp.json lists the same tools as tools.json', () => expect(manifest.tools).toEqual(toolsList.tools));

  it('mcp.json has the server-card fields and the hosted and same-host remotes', () => {
    expect(manifest).toMatchObject({
      name: expect.stringMatching(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
      title: 'Warden',
      version: expect.any(String),
    });
    expect(manifest.description.length).toBeLessThanOrEqual(100);
    expect(manifest.remotes.map((r) => r.url)).toEqual([`${APP_URL}/mcp`, `${BASE_URL}/mcp`, `${BASE_URL}/.well-known/mcp`]);
    for (const r of manifest.remotes) expect(r.supportedProtocolVersions).toEqual(expect.arrayContaining(['2025-11-25', '2026-07-28']));
    expect(manifest.auth.resource_metadata).toBe(`${BASE_URL}/.well-known/oauth-protected-resource`);
  });
});

describe('/api/catalog', () => {
  const catalog = readBuiltJson<{ links: Array<{ rel: string; href: string }> }>('/api/catalog');
  it('lists docs, OpenAPI, tool endpoints, tools.json, llms.txt, the CLI installer and the release archive', () => {
    const rels = catalog.links.map((l) => l.rel);
    for (const rel of ['docs', 'openapi', 'mcp', 'mcp-same-host', 'mcp-tools', 'llms-txt', 'cli-installer', 'cli-releases'])
      expect(rels).toContain(rel);
    expect(catalog.links.find((l) => l.rel === 'mcp')!.href).toBe(`${APP_URL}/mcp`);
  });
});

describe('build record', () => {
  it('_build.json records the addresses the build was made for, the sources it read and the facts the servers need', async () => {
    const build = JSON.parse(readFileSync(toDistFile('/_build.json')!, 'utf8'));
    const { toBuildFacts } = await import('../../documents/to-build-facts.ts');
    const { toSourceHash } = await import('../../runtime/node/source-hash.ts');
    const { readScaleStamp, SCALE_DIST } = await import('../helpers/scale-site.ts');
    const { DIST } = await import('../helpers/built-site.ts');
    // The scale build's sources are a copy of the project with its generated pages, digested when it was built.
    const sourceHash = DIST === SCALE_DIST ? readScaleStamp().sourceHash : toSourceHash(process.cwd());
    expect(build).toEqual(toBuildFacts(await readTestContent(), sourceHash));
    expect(build).toMatchObject({
      base_url: BASE_URL,
      app_url: APP_URL,
      auth_issuer: APP_URL,
      release_archive: (await readTestContent()).site.cli.release_archive,
    });
  });
});

describe('CDN rules', () => {
  it('_headers gives a content type to every extension-less public file, and noindex to twins', async () => {
    const { listFiles } = await import('../../runtime/node/list-files.ts');
    const { DIST } = await import('../helpers/built-site.ts');
    const headers = readFileSync(`${DIST}/_headers`, 'utf8');
    const extensionless = listFiles(DIST).filter((f) => !f.split('/').pop()!.includes('.') && !f.startsWith('_'));
    expect(extensionless.length).toBeGreaterThanOrEqual(5);
    for (const file of extensionless)
      expect(headers, file).toMatch(new RegExp(`^/${file.replace(/[.*]/g, '\\$&')}\\n  Content-Type: \\S+`, 'm'));
    expect(headers).toMatch(/^\/\*\.md\n {2}Content-Type: text\/markdown; charset=utf-8\n {2}X-Robots-Tag: noindex$/m);
  });

  it('_redirects maps the root protected-resource metadata to its file', () => {
    expect(readFileSync(toDistFile('/_redirects')!, 'utf8')).toBe(
      '/.well-known/oauth-protected-resource /.well-known/oauth-protected-resource/index.json 200\n',
    );
  });
});
