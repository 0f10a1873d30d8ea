import { describe, expect, it } from 'vitest';
import { PATHS } from '../../facts/paths.ts';
import { validateWith } from '../helpers/ajv.ts';
import { APP_URL, BASE_URL, readTestContent } from '../helpers/built-site.ts';
import { readBuilt, readBuiltJson } from '../helpers/dist-files.ts';
import type { BuildFacts } from '../../facts/build-facts.ts';
import { SERVER_CARD_SCHEMA, SERVER_JSON_SCHEMA } from '../helpers/published-schemas.ts';

type Json = Record<string, unknown>;
/** The server card and server.json keep their extensions under `_meta`, an object whose members the tests pick. */
type WithMeta = Json & { _meta: Json };
const card = readBuiltJson<WithMeta>(PATHS.mcpServerCard);
const serverJson = readBuiltJson<WithMeta>(PATHS.mcpServerJson);
const manifest = readBuiltJson<Json & { auth: Json }>(PATHS.mcpManifest);
const toolsList = readBuiltJson<{ tools: Json[] }>(PATHS.toolsJson);
const prm = readBuiltJson<Json>(PATHS.protectedResource);

describe('/.well-known/mcp/server-card.json (SEP-2127 server card)', () => {
  it('follows the v1 server card schema', () => expect(validateWith(SERVER_CARD_SCHEMA, card)).toEqual([]));

  it('names the hosted and the two same-host Streamable HTTP endpoints, each with every protocol version served', async () => {
    const { site } = await readTestContent();
    expect(card.remotes).toEqual(
      [`${APP_URL}/mcp`, `${BASE_URL}/mcp`, `${BASE_URL}/.well-known/mcp`].map((url) => ({
        type: 'streamable-http',
        url,
        supportedProtocolVersions: site.mcp.protocol_versions,
      })),
    );
  });
});

describe('/.well-known/mcp/server.json (MCP Registry server.json)', () => {
  it('follows the registry schema of 2025-12-11, with the same-host endpoint as its one remote', () => {
    expect(validateWith(SERVER_JSON_SCHEMA, serverJson)).toEqual([]);
    expect(serverJson.$schema).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
    expect(serverJson.remotes).toEqual([{ type: 'streamable-http', url: `${BASE_URL}/mcp` }]);
  });
});

describe('the MCP discovery documents say the same', () => {
  const ns = String(card.name).split('/')[0];
  const publisher = serverJson._meta['io.modelcontextprotocol.registry/publisher-provided'] as Json;

  it('card, server.json and mcp.json: one name, version, description, title and docs page', () => {
    for (const key of ['name', 'version', 'description', 'title', 'websiteUrl']) {
      expect(card[key], key).toBe(manifest[key]);
      expect(serverJson[key], key).toBe(manifest[key]);
    }
  });

  it('as tools.json: the same tools, in the same order, with the same titles, descriptions and annotations', () => {
    expect(card._meta[`${ns}/tools`]).toEqual(
      toolsList.tools.map(({ name, title, description, annotations }) => ({ name, title, description, annotations })),
    );
    expect(publisher[`${ns}/tools`]).toEqual(toolsList.tools.map((t) => t.name));
    expect(card._meta[`${ns}/tools_list`]).toBe(`${BASE_URL}${PATHS.toolsJson}`);
  });

  it('as the protected-resource metadata: its address, the resource, the authorization servers and the scopes', () => {
    const expected = {
      type: 'oauth2',
      public_methods: manifest.auth.public_methods,
      resource_metadata: `${BASE_URL}${PATHS.protectedResource}`,
      resource: prm.resource,
      authorization_servers: prm.authorization_servers,
      scopes_supported: prm.scopes_supported,
    };
    expect(card._meta[`${ns}/authorization`]).toEqual(expected);
    expect(publisher[`${ns}/authorization`]).toEqual(expected);
    expect(manifest.auth).toMatchObject({
      resource: prm.resource,
      resource_metadata: expected.resource_metadata,
      authorization_servers: prm.authorization_servers,
      scopes: prm.scopes_supported,
    });
  });

  it('the server card names the same endpoints as mcp.json', () => expect(card.remotes).toEqual(manifest.remotes));
});

describe('the docs MCP server: /mcp/docs/server-card and /mcp/docs/server.json', () => {
  const docsCard = readBuiltJson<WithMeta>(PATHS.mcpDocsServerCard);
  const docsJson = readBuiltJson<WithMeta>(PATHS.mcpDocsServerJson);
  const facts = readBuiltJson<BuildFacts>(PATHS.buildInfo).docs_server;
  const ns = String(docsCard.name).split('/')[0];

  it('follow the server card and server.json schemas, with /mcp/docs as their one remote and every protocol version', async () => {
    const { site } = await readTestContent();
    expect(validateWith(SERVER_CARD_SCHEMA, docsCard)).toEqual([]);
    expect(validateWith(SERVER_JSON_SCHEMA, docsJson)).toEqual([]);
    const url = `${BASE_URL}${PATHS.mcpDocs}`;
    expect(docsCard.remotes).toEqual([{ type: 'streamable-http', url, supportedProtocolVersions: site.mcp.protocol_versions }]);
    expect(docsJson.remotes).toEqual([{ type: 'streamable-http', url }]);
  });

  it('name the server as the edge answers it (the build facts) and apart from the tool endpoint, needing no authorization', () => {
    for (const key of ['name', 'version', 'description', 'title'] as const) {
      expect(docsCard[key], key).toBe(facts[key]);
      expect(docsJson[key], key).toBe(facts[key]);
    }
    expect(docsCard.name).not.toBe(card.name);
    expect(docsCard.websiteUrl).toBe(`${BASE_URL}${PATHS.connectMcpDoc}#the-docs-server`);
    expect(readBuilt(PATHS.connectMcpDoc)).toContain('id="the-docs-server"');
    expect(docsCard._meta[`${ns}/authorization`]).toEqual({ type: 'none' });
  });

  it('list the docs tools of the build facts, the ones the pages register with WebMCP', () => {
    expect(docsCard._meta[`${ns}/tools`]).toEqual(
      facts.tools.map(({ name, title, description, annotations }) => ({ name, title, description, annotations })),
    );
    const publisher = docsJson._meta['io.modelcontextprotocol.registry/publisher-provided'] as Json;
    expect(publisher[`${ns}/tools`]).toEqual(['read_docs_page', 'search_docs']);
  });
});
