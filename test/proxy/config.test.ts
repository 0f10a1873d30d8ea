import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv, toAudiences, toBaseUrl } from '../../proxy/config.ts';
import { toBuildMismatches } from '../../proxy/node/build-info.ts';

describe('configuration from the environment', () => {
  it('defaults: 127.0.0.1:4321, BASE_URL http://HOST:PORT, 1 MiB body limit, 30 s upstream timeout', () => {
    const env = readEnv({});
    expect([env.HOST, env.PORT, env.BODY_LIMIT_BYTES, env.UPSTREAM_TIMEOUT_MS, env.WARDEN_OUT_DIR]).toEqual(['127.0.0.1', 4321, 1_048_576, 30_000, 'dist']);
    expect(toBaseUrl(env)).toBe('http://127.0.0.1:4321');
    expect(toBaseUrl(readEnv({ PORT: '5000' }))).toBe('http://127.0.0.1:5000');
    expect(toBaseUrl(readEnv({ BASE_URL: 'https://warden.example' }))).toBe('https://warden.example');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['BASE_URL', 'warden.example'],
    ['BASE_URL', 'https://warden.example/'],
    ['APP_URL', 'ftp://app.example'],
    ['TOKEN_JWKS_URL', 'not a url'],
    ['UPSTREAM_TIMEOUT_MS', '-1'],
    ['BODY_LIMIT_BYTES', 'lots'],
    ['ALLOWED_ORIGINS', 'http://ok.example, nope'],
  ])('a bad %s (%s) stops start-up with a message naming the variable', (name, value) => {
    expect(() => readEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => readEnv({ [name]: value })).toThrow(new RegExp(`^Invalid environment:\\n  ${name}: `));
  });

  it('empty variables count as unset', () => {
    expect(readEnv({ APP_URL: '', PORT: '' }).APP_URL).toBeUndefined();
  });

  it('ALLOWED_ORIGINS is a comma-separated list of origins', () => {
    expect(readEnv({ ALLOWED_ORIGINS: 'http://localhost:6274, https://inspector.example' }).ALLOWED_ORIGINS).toEqual([
      'http://localhost:6274',
      'https://inspector.example',
    ]);
  });

  it('tokens may name the base URL or either MCP path as audience (RFC 9728 §3.3)', () => {
    expect(toAudiences('https://w.example')).toEqual(['https://w.example']);
    expect(toAudiences('https://w.example', 'https://other.example')).toEqual(['https://other.example']);
  });

  it('a dist built for another base URL is reported field by field', () => {
    const wanted = { base_url: 'http://127.0.0.1:5000', app_url: 'https://a', auth_issuer: 'https://a' };
    expect(toBuildMismatches({ ...wanted, base_url: 'http://127.0.0.1:4321' }, wanted)).toEqual([
      'base_url: built for "http://127.0.0.1:4321", needed "http://127.0.0.1:5000"',
    ]);
    expect(toBuildMismatches(wanted, wanted)).toEqual([]);
    expect(toBuildMismatches(undefined, wanted)[0]).toMatch(/missing/);
  });
});
