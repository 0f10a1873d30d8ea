import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { toWebMcpTools } from '../../../documents/to-webmcp-tools.ts';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { toToolCallHeaders, toToolCallRequest } from '../../../documents/to-tool-call-example.ts';

const content = readContent(getContentDir(), { BASE_URL: 'https://docs.example', APP_URL: 'https://app.docs.example' });
const tools = toWebMcpTools(content);
const all = [...tools.docs, ...tools.warden];
const search = tools.docs.find((t) => t.name === 'search_docs')!;

/**
 * Compiles a schema strictly (unknown keywords and formats refused) and returns its validator. An `anyOf` branch that
 * only requires members the object's `properties` define (FeedbackReport: helpful or comment) is plain JSON Schema,
 * which Ajv's strictRequired alone refuses.
 */
function compile(schema: object) {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

describe('the WebMCP tools derived from content', () => {
  it('name every tool as WebMCP allows (1 to 128 of A-Z a-z 0-9 _ - .), once, each with a description and title', () => {
    for (const tool of all) {
      expect(tool.name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
      expect(tool.description.length).toBeGreaterThan(40);
      expect(tool.title).not.toBe('');
    }
    expect(new Set(all.map((t) => t.name)).size).toBe(all.length);
  });

  it('give every tool an input schema that compiles as strict JSON Schema 2020-12', () => {
    for (const tool of all) expect(() => compile(tool.inputSchema), tool.name).not.toThrow();
  });

  it("make the search's input the searchDocs operation's query parameters, with their own bounds", () => {
    const op = content.operations.find((o) => o.operationId === 'searchDocs')!;
    const query = op.parameters.filter((p) => p.in === 'query');
    const properties = search.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual(query.map((p) => p.name));
    for (const p of query) {
      const { example: _example, ...schema } = p.schema as Record<string, unknown>;
      expect(properties[p.name]).toMatchObject({ ...schema, description: p.description });
    }
    expect(search.inputSchema.required).toEqual(query.filter((p) => p.required).map((p) => p.name));
    const valid = compile(search.inputSchema);
    expect(valid({ q: 'sign in', limit: 3, section: '/docs/tools' })).toBe(true);
    expect(valid({ q: '' })).toBe(false);
    expect(valid({ q: 'x', limit: 21 })).toBe(false);
    expect(valid({ limit: 3 })).toBe(false);
  });

  it('offer the docs tools under their public names, each as its file in content/docs-tools/ says, read-only but the report', () => {
    expect(tools.docs.map((t) => t.name)).toEqual(['read_docs_page', 'search_docs', 'submit_feedback']);
    for (const file of content.docsTools) {
      const tool = tools.docs.find((t) => t.name === file.name)!;
      const readOnlyHint = file.name !== 'submit_feedback';
      expect(tool).toMatchObject({ title: file.title, description: file.description, annotations: { readOnlyHint } });
      if (file.inputSchema) expect(tool.inputSchema).toEqual(file.inputSchema);
    }
    const read = tools.docs.find((t) => t.name === 'read_docs_page')!;
    expect((read.inputSchema.properties as Record<string, { description: string }>).path.description).toMatch(
      /; a #fragment is ignored\.$/,
    );
    expect(search.title).toBe('Search the Warden docs');
    expect(search.description).toMatch(/^Searches every page of the Warden docs .* then read a result with read_docs_page\.$/);
  });

  it('make submit_feedback take the FeedbackReport record, as the docs MCP server lists it', () => {
    const feedback = tools.docs.find((t) => t.name === 'submit_feedback')!;
    // Its members and required page as the schema says; the helpful-or-comment rule left to the endpoint (to-docs-tools.ts).
    const { anyOf, ...report } = content.schemas.FeedbackReport as { anyOf: unknown };
    expect(anyOf).toBeDefined();
    expect(feedback.inputSchema).toEqual({ ...report, type: 'object' });
    const valid = compile(feedback.inputSchema);
    expect(valid({ page: '/docs/overview', helpful: false })).toBe(true);
    expect(
      valid({ page: '/docs/overview', comment: 'The example is out of date.', section: 'errors-you-may-meet', kind: 'incorrect' }),
    ).toBe(true);
    expect(valid({ helpful: true })).toBe(false);
    expect(valid({ page: '/docs/overview', helpful: true, kind: 'typo' })).toBe(false);
  });

  it("give each Warden tool its own input schema and read-only hint, and the Try it panel's request on the same-host endpoint", () => {
    expect(tools.warden.map((t) => t.name)).toEqual(content.tools.map((t) => t.name));
    const version = content.site.mcp.protocol_versions.at(-1)!;
    for (const tool of content.tools) {
      const web = tools.warden.find((t) => t.name === tool.name)!;
      expect(web.inputSchema).toEqual(tool.inputSchema);
      expect(web.annotations).toEqual({ readOnlyHint: tool.annotations.readOnlyHint });
      expect(web.page).toBe(`/docs/tools/${tool.name}`);
      expect(web.call).toEqual({
        url: 'https://docs.example/mcp',
        headers: toToolCallHeaders(tool, version),
        request: toToolCallRequest(tool, version),
      });
      expect(compile(web.inputSchema)(tool.example.arguments)).toBe(true);
      expect(web.description.includes('asked to allow')).toBe(!tool.annotations.readOnlyHint);
    }
  });
});
