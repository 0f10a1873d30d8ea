import { describe, expect, it } from 'vitest';
import { CONTENT_TYPE_BY_PATH, MARKDOWN_TYPE } from '../../facts/content-types.ts';
import { PATHS, REWRITES } from '../../facts/paths.ts';
import { toHeadersFile, toRedirectsFile } from '../../src/lib/to-cdn-rules.ts';

/** Reads a `_headers` file the way Netlify and Cloudflare Pages do: a path line, then indented `Name: value` lines. */
function parseHeaders(text: string): Map<string, Record<string, string[]>> {
  const rules = new Map<string, Record<string, string[]>>();
  let current: Record<string, string[]> | undefined;
  for (const line of text.split('\n').filter(Boolean)) {
    if (!/^\s/.test(line)) {
      expect(line).toMatch(/^\/\S*$/);
      expect(rules.has(line), `${line} listed twice`).toBe(false);
      current = {};
      rules.set(line, current);
      continue;
    }
    const m = /^ {2}([A-Za-z-]+): (.+)$/.exec(line);
    expect(m, `not a header line: ${line}`).not.toBeNull();
    expect(current, 'a header before any path').toBeDefined();
    const name = m![1]!;
    const values = current![name] ?? [];
    current![name] = values;
    values.push(m![2]!);
  }
  return rules;
}

describe('toHeadersFile', () => {
  const text = toHeadersFile();
  const rules = parseHeaders(text);

  it('is well-formed and ends with a newline', () => {
    expect(text.endsWith('\n')).toBe(true);
    expect(rules.size).toBe(Object.keys(CONTENT_TYPE_BY_PATH).length + 3);
  });

  it('gives every extension-less public document exactly its content type', () => {
    for (const [path, type] of Object.entries(CONTENT_TYPE_BY_PATH)) expect(rules.get(path)?.['Content-Type']).toEqual([type]);
  });

  it('sends the agent links on every file (RFC 8288), the api-catalog its own rel="api-catalog" among them (RFC 9727 §3)', () => {
    expect(rules.get('/*')?.Link).toEqual([
      `<${PATHS.llms}>; rel="describedby"; type="text/plain", <${PATHS.apiCatalog}>; rel="api-catalog", <${PATHS.openapi}>; rel="service-desc"; type="application/json"`,
    ]);
  });

  it('types markdown twins as markdown and keeps them out of search indexes', () => {
    expect(rules.get('/*.md')).toEqual({ 'Content-Type': [MARKDOWN_TYPE], 'X-Robots-Tag': ['noindex'] });
  });

  it("lets a CDN keep Astro's hashed build assets for a year", () => {
    expect(rules.get('/_astro/*')).toEqual({ 'Cache-Control': ['public, max-age=31536000, immutable'] });
  });
});

describe('toRedirectsFile', () => {
  it('writes each rewrite as a 200, and the rewrite target has a JSON content type', () => {
    const lines = toRedirectsFile()
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' '));
    expect(lines).toEqual(Object.entries(REWRITES).map(([from, to]) => [from, to, '200']));
    expect(lines).toContainEqual([PATHS.protectedResource, `${PATHS.protectedResource}/index.json`, '200']);
    for (const [, to] of lines) expect(parseHeaders(toHeadersFile()).get(to!)?.['Content-Type']).toEqual(['application/json']);
  });
});
