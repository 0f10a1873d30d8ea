import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../proxy/config.ts';
import { forbidNodeBuiltins } from '../../scripts/worker-bundle.ts';
import { toBuildFacts } from '../../documents/to-build-facts.ts';
import { createWorker } from '../../proxy/worker/worker.ts';
import { toWorkerSetup } from '../../proxy/worker/worker-config.ts';
import { APP_URL, BASE_URL, readTestContent } from '../helpers/built-site.ts';

const site = toBuildFacts(await readTestContent(), 'test');
/** A Workers Static Assets binding over one file, as workerd hands the worker `env.ASSETS`. */
const ASSETS = {
  async fetch(request: Request) {
    if (new URL(request.url).pathname !== '/index.html') return new Response(null, { status: 404 });
    return new Response(request.method === 'HEAD' ? null : '<h1>Warden</h1>', {
      headers: { etag: '"a"', 'content-length': '15', 'content-type': 'text/html' },
    });
  },
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
    expect(() => toWorkerSetup({ BASE_URL: 'https://other.example' }, site)).toThrow(
      `BASE_URL: the deployed dist was built for "${BASE_URL}"`,
    );
    expect(() => toWorkerSetup({ UPSTREAM_TIMEOUT_MS: 'soon' }, site)).toThrow(ConfigError);
    expect(() => toWorkerSetup({ UPSTREAM_TIMEOUT_MS: 'soon' }, site)).toThrow(/UPSTREAM_TIMEOUT_MS/);
  });
});

describe('createWorker', () => {
  it("serves the asset binding's files through the same app", async () => {
    const res = await createWorker(site).fetch(new Request(`${BASE_URL}/`), { ASSETS });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"a"');
    expect(await res.text()).toBe('<h1>Warden</h1>');
  });

  it('a bad binding → 500 without internals, and the log names the variable', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await createWorker(site).fetch(new Request(`${BASE_URL}/`), { ASSETS, BODY_LIMIT_BYTES: '-1' });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('BODY_LIMIT_BYTES');
    expect(log.mock.calls[0]![0]).toContain('BODY_LIMIT_BYTES');
    log.mockRestore();
  });
});

describe('the feedback bindings', () => {
  // A D1 binding's shape; the worker refuses the configuration before any statement is prepared.
  const FEEDBACK = {
    prepare() {
      throw new Error('no statement is prepared before the bindings are accepted');
    },
    batch() {
      throw new Error('no batch is sent before the bindings are accepted');
    },
  };

  it('a D1 store without its rate limiter → 500, and the log names the binding to add', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await createWorker(site).fetch(new Request(`${BASE_URL}/`), { ASSETS, FEEDBACK });
    expect(res.status).toBe(500);
    expect(log.mock.calls[0]![0]).toMatch(/FEEDBACK_RATE_LIMIT: no rate-limit binding/);
    log.mockRestore();
  });

  it('a FEEDBACK binding that is not a D1 database → 500, and the log says so', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await createWorker(site).fetch(new Request(`${BASE_URL}/`), { ASSETS, FEEDBACK: 'warden-feedback' });
    expect(res.status).toBe(500);
    expect(log.mock.calls[0]![0]).toMatch(/FEEDBACK: not a D1 database binding/);
    log.mockRestore();
  });

  it('without a FEEDBACK binding the site answers, and the feedback routes say there is no store (503)', async () => {
    const worker = createWorker(site);
    expect((await worker.fetch(new Request(`${BASE_URL}/`), { ASSETS })).status).toBe(200);
    const res = await worker.fetch(new Request(`${BASE_URL}/api/feedback`, { method: 'OPTIONS' }), { ASSETS });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(((await res.json()) as { code: string }).code).toBe('feedback_store_unavailable');
  });
});

describe('bundling', () => {
  it('a worker without its assets binding → 500, and the log says how to deploy', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await createWorker(site).fetch(new Request(`${BASE_URL}/`), {});
    expect(res.status).toBe(500);
    expect(log.mock.calls[0]![0]).toMatch(/ASSETS: no Workers Static Assets binding/);
    log.mockRestore();
  });

  it('the bundle fails, naming the importer, when anything imports a Node built-in', async () => {
    const bundle = build({
      stdin: { contents: "import { readFileSync } from 'node:fs'; readFileSync('x');", sourcefile: 'leaky.ts' },
      bundle: true,
      write: false,
      platform: 'neutral',
      logLevel: 'silent',
      plugins: [forbidNodeBuiltins()],
    });
    await expect(bundle).rejects.toThrow(/leaky\.ts imports node:fs: Node-only code cannot go in the worker bundle/);
  });
});
