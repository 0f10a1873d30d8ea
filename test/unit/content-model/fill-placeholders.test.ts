import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { fillPlaceholders, fillPlaceholdersDeep, isLocalBuild, toPlaceholders } from '../../../content-model/fill-placeholders.ts';
import { findServiceAddresses, toServiceAddressPattern } from '../../../content-model/find-service-addresses.ts';

const site = (env: Record<string, string>) => readContent(getContentDir(), env).site;

describe('placeholders', () => {
  it('name the addresses of the build they are filled for', () => {
    const values = toPlaceholders(site({ BASE_URL: 'https://docs.acme.test', APP_URL: 'https://tools.acme.test' }));
    expect(fillPlaceholders('curl {base_url}/mcp # hosted at {app_url}/mcp', values, 'x')).toBe(
      'curl https://docs.acme.test/mcp # hosted at https://tools.acme.test/mcp',
    );
    expect(values.installer_url).toBe('https://docs.acme.test/install');
  });

  it('name the local defaults for `npm start` in a public build, and a local build its own addresses', () => {
    const hosted = toPlaceholders(site({ BASE_URL: 'https://docs.acme.test', APP_URL: 'https://tools.acme.test' }));
    expect([hosted.local_base_url, hosted.local_app_url]).toEqual(['http://127.0.0.1:4321', 'http://127.0.0.1:4322']);
    const local = toPlaceholders(site({ BASE_URL: 'http://127.0.0.1:5000', APP_URL: 'http://127.0.0.1:5001' }));
    expect([local.local_base_url, local.local_app_url]).toEqual(['http://127.0.0.1:5000', 'http://127.0.0.1:5001']);
    expect([isLocalBuild('http://localhost:8080'), isLocalBuild('https://warden.example')]).toEqual([true, false]);
  });

  it('leave JSON and path templates alone and refuse an unknown name', () => {
    const values = toPlaceholders(site({}));
    expect(fillPlaceholders('{"a": {"b": 1}} /runs/{runId}', values, 'x')).toBe('{"a": {"b": 1}} /runs/{runId}');
    expect(() => fillPlaceholders('{base_uri}/x', values, 'content/docs/a.md')).toThrow(
      /content\/docs\/a\.md: unknown placeholder \{base_uri\}/,
    );
  });

  it('fill every string of a data value except the kept keys, naming the field of an unknown one', () => {
    const values = toPlaceholders(site({}));
    const filled = fillPlaceholdersDeep({ path: '/{base_url}', example: { urls: ['{base_url}/a'] } }, values, '', new Set(['path']));
    expect(filled).toEqual({ path: '/{base_url}', example: { urls: [`${values.base_url}/a`] } });
    expect(() => fillPlaceholdersDeep({ example: { urls: ['{nope}'] } }, values, '')).toThrow(
      /example\.urls\.0: unknown placeholder \{nope\}/,
    );
  });
});

describe('service addresses written out', () => {
  const pattern = toServiceAddressPattern(
    ['https://warden.example', 'http://127.0.0.1:4321', 'https://docs.acme.test'],
    ['warden.example'],
  );
  const found = (text: string) => findServiceAddresses(text, pattern).map((f) => f.address);

  it('finds the service, any name under its domain, and a loopback address with a service port, with the line', () => {
    expect(found('curl https://warden.example/x\nsee releases.warden.example/cli')).toEqual([
      'https://warden.example',
      'releases.warden.example',
    ]);
    expect(found('on http://127.0.0.1:4321/mcp and https://docs.acme.test')).toEqual(['http://127.0.0.1:4321', 'https://docs.acme.test']);
    expect(findServiceAddresses('a\nb https://app.warden.example', pattern)).toEqual([{ line: 2, address: 'https://app.warden.example' }]);
  });

  it('leaves other hosts, loopback redirects and other ports alone', () => {
    expect(
      found(
        'http://127.0.0.1/callback http://127.0.0.1:43210 https://notwarden.example https://warden.examples.org lead@acme-demo.example',
      ),
    ).toEqual([]);
  });
});
