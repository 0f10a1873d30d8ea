import { describe, expect, it } from 'vitest';
import { checkChallenge, toRpcMessage } from '../../../verify/check-mcp.ts';
import { collectLinks, toTextUrls } from '../../../verify/collect-links.ts';
import { checkLlmsSections, toSectionUrls } from '../../../verify/check-llms.ts';
import { formatSummary, formatTable } from '../../../verify/format-table.ts';
import type { Probe } from '../../../verify/rule-result.ts';

// The pure checks, without a network: probes are plain data.
const BASE = 'https://warden.example';
const probe = (status: number, headers: Record<string, string>, text = ''): Probe => ({
  method: 'POST',
  url: `${BASE}/mcp`,
  status,
  headers,
  text,
});

describe('toRpcMessage', () => {
  it('reads the response event of an SSE body and a plain JSON body alike', () => {
    const sse =
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\nevent: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n';
    expect(toRpcMessage(probe(200, { 'content-type': 'text/event-stream' }, sse))).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(toRpcMessage(probe(200, { 'content-type': 'application/json' }, '{"jsonrpc":"2.0","id":2,"result":{}}'))).toMatchObject({
      id: 2,
    });
  });
});

describe('checkChallenge (contract RPC-2)', () => {
  const metadata = `${BASE}/.well-known/oauth-protected-resource`;
  it.each([
    [`Bearer resource_metadata="${metadata}"`, 'pass'],
    [`Bearer resource_metadata="${metadata}", scope="warden:access"`, 'pass'],
    [`Bearer scope="warden:access", resource_metadata="${metadata}"`, 'fail'],
    [`Bearer resource_metadata="https://app.warden.example/.well-known/oauth-protected-resource"`, 'fail'],
    ['Bearer realm="warden"', 'fail'],
  ])('%s → %s', (header, outcome) => {
    const result = checkChallenge('/mcp', probe(401, { 'www-authenticate': header }), BASE);
    expect(result.outcome).toBe(outcome);
    expect(result.id).toBe('RPC-2');
  });

  it('fails a 403 even with the right header', () => {
    expect(checkChallenge('/mcp', probe(403, { 'www-authenticate': `Bearer resource_metadata="${metadata}"` }), BASE).outcome).toBe('fail');
  });
});

describe('collectLinks', () => {
  it('finds addresses in JSON and text, drops fragments, and knows tool endpoints and issuers', () => {
    const links = collectLinks([
      { source: '/api/health', body: { docs: `${BASE}/docs/overview`, mcp: 'https://app.warden.example/mcp' } },
      {
        source: '/.well-known/mcp.json',
        body: { auth: { authorization_servers: ['https://auth.warden.example'] }, remotes: [{ url: `${BASE}/.well-known/mcp` }] },
      },
      { source: '/llms.txt', body: `- [Docs](${BASE}/docs/overview#top): guides.\nSee ${BASE}/install.\nDocs MCP: ${BASE}/mcp/docs.` },
    ]);
    expect(links.map((l) => [l.url, l.kind])).toEqual([
      [`${BASE}/docs/overview`, 'get'],
      ['https://app.warden.example/mcp', 'mcp'],
      ['https://auth.warden.example/', 'issuer'],
      [`${BASE}/.well-known/mcp`, 'mcp'],
      [`${BASE}/install`, 'get'],
      [`${BASE}/mcp/docs`, 'mcp'],
    ]);
    expect(links[0]!.sources).toEqual(['/api/health', '/llms.txt']);
  });

  it('trims sentence punctuation from bare URLs', () => {
    expect(toTextUrls('Run curl https://warden.example/install. Then go.')).toEqual(['https://warden.example/install']);
  });

  it('leaves out an address written as the target of POST, PUT, PATCH or DELETE, which a client sends to', () => {
    const text =
      'Tell us: POST https://warden.example/api/feedback with JSON, or `DELETE https://warden.example/x`; read https://warden.example/docs.';
    expect(toTextUrls(text)).toEqual(['https://warden.example/docs']);
  });
});

describe('formatTable', () => {
  it("prints one row per check with its rule's id, its outcome and evidence, and a summary", () => {
    const results = [
      { id: 'RPC-2', rule: 'rule a', outcome: 'pass' as const, evidence: 'fine' },
      { id: 'NEGOTIATE-1', rule: 'rule b', outcome: 'fail' as const, evidence: 'broken' },
    ];
    const table = formatTable(results);
    expect(table).toMatch(/^ID\s+RULE\s+RESULT\s+EVIDENCE\n/);
    expect(table).toMatch(/\nRPC-2 +rule a\s+PASS\s+fine\nNEGOTIATE-1 +rule b\s+FAIL\s+broken$/);
    expect(formatSummary(results)).toBe('2 rules: 1 passed, 1 failed, 0 skipped');
  });

  it('wraps long evidence under the evidence column', () => {
    const [, , row, next] = formatTable([{ id: 'DOC-1', rule: 'r', outcome: 'pass', evidence: 'x'.repeat(100) }], 60).split('\n');
    expect(next!.indexOf('x')).toBe(row!.indexOf('x'));
  });
});

describe('llms.txt sections (contract ENDPOINT-12 on a split site)', () => {
  const section = (text: string, type = 'text/plain; charset=utf-8'): Probe => ({
    method: 'GET',
    url: `${BASE}/docs/a/llms.txt`,
    status: 200,
    headers: { 'content-type': type },
    text,
  });
  const good = `# Warden: a\n\n> A.\n\n- [p](${BASE}/docs/a/p.md): page\n`;

  it('finds the section files under "## Sections" only', () => {
    const root = `# W\n\n> x\n\n## Docs\n\n- [o](${BASE}/docs/o.md): o\n\n## Sections\n\n- [a](${BASE}/docs/a/llms.txt): 2 pages\n- [b](${BASE}/docs/b/llms.txt): 3 pages\n\n## Optional\n\n- [f](${BASE}/llms-full.txt): all\n`;
    expect(toSectionUrls(root)).toEqual([`${BASE}/docs/a/llms.txt`, `${BASE}/docs/b/llms.txt`]);
    expect(toSectionUrls('# W\n\n> x\n')).toEqual([]);
  });

  it('passes section files within budget, and fails one over 50,000 characters or of another type', () => {
    expect(checkLlmsSections([]).outcome).toBe('pass');
    expect(checkLlmsSections([section(good)]).outcome).toBe('pass');
    expect(checkLlmsSections([section(good + 'x'.repeat(50_000))]).evidence).toMatch(/\/docs\/a\/llms\.txt: \d+ characters, over 50000/);
    expect(checkLlmsSections([section(good, 'text/html')]).outcome).toBe('fail');
  });
});
