import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { CONTENT_TYPE_BY_PATH, MARKDOWN_TYPE } from '../../../facts/content-types.ts';
import { isAssetPath, PATHS, REWRITES } from '../../../facts/paths.ts';
import { toAssetHeaders } from '../../../runtime/http/asset-headers.ts';
import { IMMUTABLE, SHORT } from '../../../runtime/http/cache-control.ts';
import { toHeadersFile, toRedirectsFile, toRunWorkerFirst } from '../../../documents/to-cdn-rules.ts';
import { requireWorkerRoutes } from '../../../scripts/worker-bundle.ts';

const BASE_URL = 'https://warden.example';

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

/** A header record as `_headers` names its fields (`Content-Type`), each value a list. */
const toRuleHeaders = (headers: Record<string, string>): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.replace(/(^|-)([a-z])/g, (_, d, l) => d + l.toUpperCase()), [value]]),
  );

/** A dist of pages, documents and the asset store's files, thousands of hashed ones among them. */
const HASHED = Array.from({ length: 3000 }, (_, i) => `/_astro/page${i}.${i.toString(36)}Xy.js`);
const FILES = [
  '/index.html',
  '/docs/overview.html',
  '/docs/overview.md',
  '/llms.txt',
  '/openapi.json',
  '/install',
  ...HASHED,
  '/_astro/index.Ab12.css',
  '/_astro/inter.Cd34.woff2',
  '/search-index/core.json',
  '/search-index/0123456789abcdef-terms-0.json',
  '/search-index/0123456789abcdef-text-0.json',
  PATHS.favicon,
  PATHS.faviconIco,
];

/**
 * Whether Workers Static Assets runs the worker first for a path, by `run_worker_first`'s rules: `*` matches any
 * characters, `/` included, and a `!` pattern excludes what it matches.
 */
function runsWorkerFirst(patterns: readonly string[], path: string): boolean {
  const match = (p: string) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);
  return patterns.some((p) => !p.startsWith('!') && match(p)) && !patterns.some((p) => p.startsWith('!') && match(p.slice(1)));
}

describe('toHeadersFile', () => {
  const text = toHeadersFile(BASE_URL, FILES);
  const rules = parseHeaders(text);
  const assetRules = [...rules.keys()].filter((pattern) => isAssetPath(pattern.replace('*', 'x')));

  it('is well-formed, ends with a newline, and keeps thousands of hashed files within the 100 rules a CDN reads', () => {
    expect(text.endsWith('\n')).toBe(true);
    expect(rules.size).toBe(1 + assetRules.length + Object.keys(CONTENT_TYPE_BY_PATH).length + 1);
    expect(rules.size).toBeLessThanOrEqual(100);
  });

  it('sends the agent links with absolute targets on every file (RFC 8288), as the edge does, and CORS for any origin', () => {
    expect(rules.get('/*')).toEqual({
      Link: [
        `<${BASE_URL}${PATHS.llms}>; rel="describedby"; type="text/plain", <${BASE_URL}${PATHS.apiCatalog}>; rel="api-catalog", <${BASE_URL}${PATHS.openapi}>; rel="service-desc"; type="application/json", <${BASE_URL}${PATHS.aiCatalog}>; rel="ai-catalog"; type="application/json"`,
      ],
      'Access-Control-Allow-Origin': ['*'],
    });
  });

  it('gives each prefix and extension of the asset store one rule: the type, cache policy and Vary the edge sends for each of its files', () => {
    expect(assetRules.sort()).toEqual(
      ['/_astro/*.js', '/_astro/*.css', '/_astro/*.woff2', '/search-index/*.json', PATHS.favicon, PATHS.faviconIco].sort(),
    );
    for (const path of FILES.filter(isAssetPath)) {
      const pattern = assetRules.find((p) => runsWorkerFirst([p], path));
      expect(rules.get(pattern!), path).toEqual(toRuleHeaders(toAssetHeaders(path)));
    }
    expect(rules.get('/_astro/*.js')).toEqual({
      'Content-Type': ['text/javascript; charset=utf-8'],
      'Cache-Control': [IMMUTABLE],
      Vary: ['Accept-Encoding'],
    });
    // A font is not compressed, so it does not vary by coding; the search index's core file is not hashed, so the
    // index is kept briefly.
    expect(rules.get('/_astro/*.woff2')?.Vary).toBeUndefined();
    expect(rules.get('/search-index/*.json')?.['Cache-Control']).toEqual([SHORT]);
  });

  it('gives no rule of their own to the files the edge answers (pages, twins, documents)', () => {
    for (const path of ['/index.html', '/docs/overview.html', '/docs/overview.md', '/llms.txt', '/openapi.json'])
      expect(rules.has(path), path).toBe(false);
  });

  it('gives every extension-less public document exactly its content type, for a host without the edge', () => {
    for (const [path, type] of Object.entries(CONTENT_TYPE_BY_PATH)) expect(rules.get(path)?.['Content-Type']).toEqual([type]);
  });

  it('types markdown twins as markdown and keeps them out of search indexes, for a host without the edge', () => {
    expect(rules.get('/*.md')).toEqual({ 'Content-Type': [MARKDOWN_TYPE], 'X-Robots-Tag': ['noindex'] });
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
    for (const [, to] of lines) expect(parseHeaders(toHeadersFile(BASE_URL, [])).get(to!)?.['Content-Type']).toEqual(['application/json']);
  });
});

describe('toRunWorkerFirst', () => {
  const patterns = toRunWorkerFirst();
  // Every route kind (proxy/routes.ts) in the spellings the table accepts, and pages, twins and documents.
  const edgePaths = [
    '/',
    '/docs/overview',
    '/docs/overview.md',
    '/docs/overview/',
    '/docs/nope',
    '/llms.txt',
    '/install',
    '/openapi.json',
    '/.well-known/api-catalog',
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/mcp',
    '/api/health',
    '/api/v1/health',
    '/api/%68ealth',
    '/api/nope',
    '/mcp',
    '/mcp/',
    '/mc%70',
    '/.well-known/mcp',
    '/_astro',
    '/search-index',
  ];

  it('runs the worker for every path the edge answers, and for none of the asset store, which _headers covers', () => {
    for (const path of edgePaths) expect(runsWorkerFirst(patterns, path), path).toBe(true);
    for (const path of FILES) expect(runsWorkerFirst(patterns, path), path).toBe(!isAssetPath(path));
    const rules = parseHeaders(toHeadersFile(BASE_URL, FILES));
    for (const path of FILES.filter((p) => !runsWorkerFirst(patterns, p)))
      expect(
        [...rules.keys()].some((p) => p !== '/*' && runsWorkerFirst([p], path)),
        path,
      ).toBe(true);
  });

  it("is wrangler.jsonc's assets.run_worker_first", () => {
    const config = parseJsonc(readFileSync('wrangler.jsonc', 'utf8')) as { assets: { run_worker_first: string[] } };
    expect(config.assets.run_worker_first).toEqual(patterns);
  });
});

describe('requireWorkerRoutes', () => {
  const patterns = toRunWorkerFirst();
  it("passes on the repository's wrangler.jsonc, and refuses one whose run_worker_first is not the route table's, naming the file", () => {
    expect(() => requireWorkerRoutes()).not.toThrow();
    const dir = mkdtempSync(join(tmpdir(), 'warden-wrangler-'));
    try {
      const file = join(dir, 'wrangler.jsonc');
      writeFileSync(file, '{\n  // comments are allowed\n  "assets": { "run_worker_first": ["/", "/docs/*"] }\n}\n');
      expect(() => requireWorkerRoutes(file)).toThrow(`${file}: assets.run_worker_first must be ${JSON.stringify(patterns)}`);
      writeFileSync(file, '{ "assets": {} }\n');
      expect(() => requireWorkerRoutes(file)).toThrow(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
