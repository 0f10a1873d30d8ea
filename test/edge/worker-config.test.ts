import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../proxy/config.ts';
import { forbidNodeBuiltins } from '../../proxy/node/bundle-worker.ts';
import { toEmbeddedFiles } from '../../proxy/node/embed-files.ts';
import { toRawFiles, type EmbeddedSite } from '../../proxy/edge/embedded-site.ts';
import { toBuildFacts } from '../../src/lib/to-build-facts.ts';
import { createWorker } from '../../proxy/edge/worker.ts';
import { toWorkerSetup } from '../../proxy/edge/worker-config.ts';
import { APP_URL, BASE_URL, readTestContent } from '../helpers/built-site.ts';

const site: EmbeddedSite = {
  facts: toBuildFacts(await readTestContent(), 'test'),
  files: toEmbeddedFiles([{ path: '/index.html', etag: '"a"', body: new TextEncoder().encode('<h1>Warden</h1>') }]),
};

describe('worker configuration from bindings', () => {
  it('defaults to the addresses dist was built for; HOST and PORT play no part', () => {
    const { config, jwksUrl } = toWorkerSetup({}, site);
    expect(config.baseUrl).toBe(BASE_URL);
    expect(config.appUrl).toBe(APP_URL);
    expect(config.token.issuer).toBe(APP_URL);
    expect(jwksUrl).toBeUndefined();
  });

  it('APP_URL moves only the forward target; the issuer stays the one the bundled metadata names', () => {
    const { config } = toWorkerSetup({ APP_URL: 'https://staging.warden.example', TOKEN_JWKS_URL: 'https://id.example/jwks' }, site);
    expect(config.appUrl).toBe('https://staging.warden.example');
    expect(config.token.issuer).toBe(APP_URL);
  });

  it('ignores bindings that are not plain-text vars (KV, services, assets)', () => {
    expect(() => toWorkerSetup({ ASSETS: { fetch() {} }, CACHE: {} }, site)).not.toThrow();
  });

  it('refuses a BASE_URL other than the built one, and a bad value, naming the variable', () => {
    expect(() => toWorkerSetup({ BASE_URL: 'https://other.example' }, site)).toThrow(/BASE_URL: the bundled dist was built for "https:\/\/warden.example"/);
    expect(() => toWorkerSetup({ UPSTREAM_TIMEOUT_MS: 'soon' }, site)).toThrow(ConfigError);
    expect(() => toWorkerSetup({ UPSTREAM_TIMEOUT_MS: 'soon' }, site)).toThrow(/UPSTREAM_TIMEOUT_MS/);
  });
});

describe('createWorker', () => {
  it('serves the embedded files through the same app', async () => {
    const res = await createWorker(site).fetch(new Request(`${BASE_URL}/`), {});
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"a"');
    expect(await res.text()).toBe('<h1>Warden</h1>');
  });

  it('a bad binding → 500 without internals, and the log names the variable', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await createWorker(site).fetch(new Request(`${BASE_URL}/`), { BODY_LIMIT_BYTES: '-1' });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('BODY_LIMIT_BYTES');
    expect(log.mock.calls[0]![0]).toContain('BODY_LIMIT_BYTES');
    log.mockRestore();
  });
});

describe('embedding', () => {
  it('text and binary files come back byte for byte', () => {
    const bodies = [new TextEncoder().encode('\uFEFFé # twin'), new Uint8Array([0, 255, 254, 1, 0x1f, 0x8b]), new Uint8Array(0)];
    const raw = bodies.map((body, i) => ({ path: `/f${i}`, etag: `"${i}"`, body }));
    const embedded = toEmbeddedFiles(raw);
    expect(embedded.map((f) => ('text' in f ? 'text' : 'base64'))).toEqual(['text', 'base64', 'text']);
    expect(toRawFiles(embedded)).toEqual(raw);
  });

  it('the bundle fails, naming the importer, when anything imports a Node built-in', async () => {
    const bundle = build({ stdin: { contents: "import { readFileSync } from 'node:fs'; readFileSync('x');", sourcefile: 'leaky.ts' }, bundle: true, write: false, platform: 'neutral', logLevel: 'silent', plugins: [forbidNodeBuiltins()] });
    await expect(bundle).rejects.toThrow(/leaky\.ts imports node:fs: Node-only code cannot go in the worker bundle/);
  });
});
