import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { toExampleUrl } from '../../../documents/to-example-url.ts';
import { toCurlExample } from '../../../documents/to-curl-example.ts';
import { toCurlArgs } from '../../helpers/shell-args.ts';

const content = readContent(getContentDir(), {});
const base = 'https://warden.example';
const op = (id: string) => content.operations.find((o) => o.operationId === id)!;

describe('toExampleUrl', () => {
  it('is the path on the base URL for an operation without query parameters', () => {
    expect(toExampleUrl(op('getHealth'), base)).toBe(`${base}/api/health`);
  });

  it("puts each query parameter's example in the query string, percent-encoded (GET /api/search needs q)", () => {
    const url = new URL(toExampleUrl(op('searchDocs'), base));
    expect(url.pathname).toBe('/api/search');
    expect(url.searchParams.get('q')).toBe((op('searchDocs').parameters[0]!.schema as { example: string }).example);
    expect([...url.searchParams.keys()]).toEqual(['q']);
  });

  it('is one shell word in the curl example, quoted', () => {
    expect(toCurlArgs(toCurlExample(op('searchDocs'), base))).toEqual(['-sS', toExampleUrl(op('searchDocs'), base)]);
  });
});
