import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import type { Operation } from '../../../content-model/schemas/operation.ts';
import { toFetchExample } from '../../../documents/to-fetch-example.ts';
import { toExampleUrl } from '../../../documents/to-example-url.ts';

const content = readContent(getContentDir(), {});
const base = 'https://warden.example';
const op = (id: string) => content.operations.find((o) => o.operationId === id)!;

type Run = (fetch: unknown, console: unknown) => Promise<void>;
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => Run;

/** Runs an example as the script it claims to be, against a stand-in fetch; returns its calls and what it logged. */
async function runExample(code: string, response = new Response('{"ok":true}', { status: 200 })) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const logged: unknown[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return response;
  };
  await new AsyncFunction('fetch', 'console', code)(fetch, { log: (v: unknown) => logged.push(v) });
  return { calls, logged };
}

describe('toFetchExample', () => {
  it('POST /mcp: runs, posts the request example as JSON to the URL, reads text (JSON or event stream)', async () => {
    const postMcp = op('postMcp');
    const { calls, logged } = await runExample(toFetchExample(postMcp, base));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${base}/mcp`);
    expect(calls[0]!.init?.method).toBe('POST');
    expect(calls[0]!.init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' });
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual(postMcp.requestBody!.content['application/json']!.example);
    expect(logged).toEqual(['{"ok":true}']);
  });

  it('GET /api/health: runs, fetches the URL with no options and parses the JSON body', async () => {
    const { calls, logged } = await runExample(toFetchExample(op('getHealth'), `${base}/`));
    expect(calls).toEqual([{ url: `${base}/api/health`, init: undefined }]);
    expect(logged).toEqual([{ ok: true }]);
  });

  it('runs for every operation and names its URL and method', async () => {
    for (const o of content.operations) {
      const { calls } = await runExample(toFetchExample(o, base));
      expect(calls[0]!.url).toBe(toExampleUrl(o, base));
      expect((calls[0]!.init?.method ?? 'GET').toLowerCase()).toBe(o.method);
    }
  });

  it('throws with the status when the response is not ok', async () => {
    await expect(runExample(toFetchExample(op('getHealth'), base), new Response('gone', { status: 503 }))).rejects.toThrow('503 gone');
  });

  it('writes any JSON example as a literal that evaluates back to it (quotes, commas, braces, odd keys)', async () => {
    const example = { note: "it's here, {really}", 'a-b': [1, { c: 'x"y' }], nested: { empty: {}, list: [] }, back: 'a\\b\nc', n: null };
    const custom: Operation = {
      ...op('postMcp'),
      requestBody: { description: 'A body.', required: true, content: { 'application/json': { schema: {}, example } } },
    };
    const { calls } = await runExample(toFetchExample(custom, base));
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual(example);
  });

  it('gives a method but no body to a non-GET operation without one', async () => {
    const custom: Operation = { ...op('getHealth'), method: 'delete' };
    const { calls } = await runExample(toFetchExample(custom, base));
    expect(calls[0]!.init).toEqual({ method: 'DELETE' });
  });
});
