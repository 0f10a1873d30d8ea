import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { toAuthSummary } from '../../../documents/to-auth-summary.ts';

const { site, operations } = readContent(getContentDir(), {});

describe('toAuthSummary', () => {
  it('says a public operation needs nothing', () => {
    expect(toAuthSummary({ auth: 'none', scopes: [] }, site.mcp.public_methods)).toBe('None. Anyone may call it.');
  });

  it("lists exactly the content's public methods for the tool endpoint, so the page and the gate agree", () => {
    const postMcp = operations.find((op) => op.operationId === 'postMcp')!;
    const text = toAuthSummary(postMcp, site.mcp.public_methods);
    const named = [...text.split('. Every other method')[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(named).toEqual(site.mcp.public_methods);
    expect(text).toContain('`tools/call` included');
    expect(text).toContain('`warden:access`');
  });

  it('joins lists in prose', () => {
    expect(toAuthSummary({ auth: 'tools-call', scopes: ['a:x', 'a:y'] }, ['ping'])).toMatch(
      /^None for `ping`\. .*the scope `a:x` and `a:y`/,
    );
  });
});
