import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import type { Operation } from '../../../content-model/schemas/operation.ts';
import { toCurlExample } from '../../../documents/to-curl-example.ts';
import { toCurlArgs, toCurlHeaders, toFlagValues } from '../../helpers/shell-args.ts';
import { toExampleUrl } from '../../../documents/to-example-url.ts';

const content = readContent(getContentDir(), {});
const base = 'https://warden.example';
const op = (id: string) => content.operations.find((o) => o.operationId === id)!;
const withExample = (example: unknown): Operation => ({
  ...op('postMcp'),
  requestBody: { description: 'A body.', required: true, content: { 'application/json': { schema: {}, example } } },
});

describe('toCurlExample', () => {
  it('POST /mcp: a command that, parsed by sh, posts the request example as JSON to the URL', () => {
    const postMcp = op('postMcp');
    const args = toCurlArgs(toCurlExample(postMcp, base));
    expect(toFlagValues(args, '-X')).toEqual(['POST']);
    expect(args).toContain(`${base}/mcp`);
    expect(toCurlHeaders(args)).toMatchObject({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
    const [body] = toFlagValues(args, '-d');
    expect(JSON.parse(body!)).toEqual(postMcp.requestBody!.content['application/json']!.example);
  });

  it('GET: just the URL, without -X or a body', () => {
    expect(toCurlArgs(toCurlExample(op('getHealth'), `${base}/`))).toEqual(['-sS', `${base}/api/health`]);
  });

  it('parses for every operation, naming its URL once and its method', () => {
    for (const o of content.operations) {
      const args = toCurlArgs(toCurlExample(o, base));
      expect(args.filter((a) => a === toExampleUrl(o, base))).toHaveLength(1);
      expect(toFlagValues(args, '-X')).toEqual(o.method === 'get' ? [] : [o.method.toUpperCase()]);
    }
  });

  it('quotes a body with apostrophes and shell characters so sh passes it unchanged', () => {
    const example = { note: 'it\'s $HOME `whoami` \\ "q"' };
    const [body] = toFlagValues(toCurlArgs(toCurlExample(withExample(example), base)), '-d');
    expect(JSON.parse(body!)).toEqual(example);
  });

  it('sends {} when the body has no example, and -X for a body-less non-GET', () => {
    const [body] = toFlagValues(toCurlArgs(toCurlExample(withExample(undefined), base)), '-d');
    expect(body).toBe('{}');
    expect(toCurlArgs(toCurlExample({ ...op('getHealth'), method: 'delete' }, base))).toEqual([
      '-sS',
      '-X',
      'DELETE',
      `${base}/api/health`,
    ]);
  });
});
