import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { toToolCallCurl, toToolCallRequest } from '../../../documents/to-tool-call-example.ts';
import { toCurlArgs, toCurlHeaders, toFlagValues } from '../../helpers/shell-args.ts';

const content = readContent(getContentDir(), {});
const base = 'https://warden.example';
const version = content.site.mcp.protocol_versions.at(-1)!;

describe('toToolCallRequest', () => {
  it('is a JSON-RPC tools/call of the tool with its example arguments and the stateless-era _meta', () => {
    for (const tool of content.tools) {
      expect(toToolCallRequest(tool, version)).toEqual({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: tool.name,
          arguments: tool.example.arguments,
          _meta: { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': {} },
        },
      });
    }
  });

  it('uses example arguments that the tool’s own inputSchema accepts', () => {
    const ajv = new Ajv({ strict: false });
    for (const tool of content.tools) {
      const valid = ajv.validate(tool.inputSchema, toToolCallRequest(tool, version).params);
      expect(ajv.validate(tool.inputSchema, tool.example.arguments), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
      expect(valid, 'the whole params object is not mistaken for the arguments').toBe(false);
    }
  });
});

describe('toToolCallCurl', () => {
  it('parses, for every tool, into a POST to the same-host /mcp with the era headers, token and request body', () => {
    for (const tool of content.tools) {
      const args = toCurlArgs(toToolCallCurl(tool, `${base}/`, version), { WARDEN_TOKEN: 'tok.en' });
      expect(args).toContain(`${base}/mcp`);
      expect(toCurlHeaders(args)).toMatchObject({
        'content-type': 'application/json',
        'mcp-protocol-version': version,
        'mcp-method': 'tools/call',
        'mcp-name': tool.name,
        authorization: 'Bearer tok.en',
      });
      const [body] = toFlagValues(args, '-d');
      expect(JSON.parse(body!)).toEqual(toToolCallRequest(tool, version));
    }
  });

  it('keeps arguments with apostrophes and shell characters intact', () => {
    const tool = { ...content.tools[0]!, example: { arguments: { note: "it's $HOME `id`" }, result: {} } };
    const [body] = toFlagValues(toCurlArgs(toToolCallCurl(tool, base, version)), '-d');
    expect(JSON.parse(body!).params.arguments).toEqual({ note: "it's $HOME `id`" });
  });
});
