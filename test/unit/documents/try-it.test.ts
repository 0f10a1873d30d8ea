import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { toAuthorizationUrl, toCodeChallenge } from '../../../runtime/try-it/browser-oauth.ts';
import { SHOWN_LIMIT, toShownBody } from '../../../runtime/try-it/read-response.ts';
import { toOperationTryIt, toToolTryIt } from '../../../documents/try-it/to-try-it-request.ts';
import { toToolCallCurl } from '../../../documents/to-tool-call-example.ts';
import { toOperatorSignInConfig, toTryItConfig } from '../../../documents/try-it/to-try-it-config.ts';

const content = readContent(getContentDir(), { BASE_URL: 'https://docs.acme.test' });

describe('the Try it request', () => {
  it('of a tool page is its curl example: same endpoint, headers and body; it needs a token', () => {
    const tool = content.tools.find((t) => t.name === 'get_run')!;
    const request = toToolTryIt(tool, content.site.base_url, '2026-07-28');
    const curl = toToolCallCurl(tool, content.site.base_url, '2026-07-28');
    expect(request).toMatchObject({ method: 'POST', url: 'https://docs.acme.test/mcp', needsToken: true });
    for (const [name, value] of Object.entries(request.headers)) expect(curl).toContain(`-H '${name}: ${value}'`);
    expect(curl).toContain(`-d '${JSON.stringify(JSON.parse(request.body!))}'`);
  });

  it('of an endpoint page is its method and URL, with the request body example when it has one', () => {
    const health = toOperationTryIt(content.operations.find((o) => o.operationId === 'getHealth')!, content.site.base_url);
    expect(health).toEqual({ method: 'GET', url: 'https://docs.acme.test/api/health', headers: {}, needsToken: false });
    const mcp = toOperationTryIt(content.operations.find((o) => o.operationId === 'postMcp')!, content.site.base_url);
    expect(JSON.parse(mcp.body!)).toMatchObject({ method: 'tools/list' });
    expect(mcp.headers['Content-Type']).toBe('application/json');
  });
});

describe('the panel in the browser', () => {
  it('computes the PKCE S256 challenge of RFC 7636 appendix B', async () => {
    expect(await toCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('asks for a code with PKCE and a resource indicator', () => {
    const url = new URL(
      toAuthorizationUrl('https://id.example/oauth/authorize?x=1', {
        clientId: 'warden-docs',
        redirectUri: 'https://d.example/docs/try-it',
        scope: 'a b',
        resource: 'https://d.example',
        state: 's',
        codeChallenge: 'c',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'warden-docs',
      redirect_uri: 'https://d.example/docs/try-it',
      scope: 'a b',
      resource: 'https://d.example',
      state: 's',
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
  });

  it('shows JSON laid out, an event stream as its JSON-RPC messages, and says where it cut a long body', () => {
    expect(toShownBody('application/problem+json', '{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(toShownBody('text/event-stream', 'event: message\ndata: {"id":1}\n\nid: 2\ndata: {"id":2}\n\n')).toBe(
      '{\n  "id": 1\n}\n\n{\n  "id": 2\n}',
    );
    expect(toShownBody('text/plain', 'not json')).toBe('not json');
    const long = toShownBody('text/plain', 'x'.repeat(SHOWN_LIMIT + 5));
    expect(long.endsWith('… (5 more characters not shown)')).toBe(true);
  });
});

describe('the sign-ins of the docs site', () => {
  it("the Try it panel asks for every scope the tools use and never the operator's; the operator's page for that one alone", () => {
    const { site } = content;
    const tryIt = toTryItConfig(content).scope.split(' ');
    expect(tryIt).toEqual(['warden:access', 'warden:lessons.read', 'warden:lessons.write']);
    for (const tool of content.tools) expect(tryIt, tool.name).toContain(tool.scope);
    expect(tryIt).not.toContain(site.operator_scope);
    expect(toOperatorSignInConfig(content)).toMatchObject({
      scope: site.operator_scope,
      redirectUri: 'https://docs.acme.test/feedback',
      clientId: site.try_it.client_id,
    });
  });
});
