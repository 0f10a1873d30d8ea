import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv, toAppUpstream, toAudiences, toBaseUrl, toStartIssuer, toUpstream } from '../../../proxy/config.ts';
import { toBuildMismatches } from '../../../proxy/node/build-info.ts';

describe('configuration from the environment', () => {
  it('defaults: 127.0.0.1:4321, BASE_URL http://HOST:PORT, 1 MiB body limit, 30 s upstream timeout', () => {
    const env = readEnv({});
    expect([env.HOST, env.PORT, env.BODY_LIMIT_BYTES, env.UPSTREAM_TIMEOUT_MS, env.WARDEN_OUT_DIR]).toEqual([
      '127.0.0.1',
      4321,
      1_048_576,
      30_000,
      'dist',
    ]);
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

describe('the authorization server, from AUTH_ISSUER / TOKEN_ISSUER / APP_URL (one default: runtime/auth-issuer.ts)', () => {
  const app = 'https://app.warden.example';
  const sandbox = { appUrl: 'http://127.0.0.1:4322', issuer: 'http://127.0.0.1:4322' };

  it('with an app: the documents name AUTH_ISSUER, else APP_URL; tokens carry TOKEN_ISSUER, else that', () => {
    const env = readEnv({ APP_URL: app });
    expect(toAppUpstream(env, app)).toEqual({ appUrl: app, issuer: app, jwksUrl: undefined });
    expect(toStartIssuer(env, toAppUpstream(env, app))).toBe(app);
    const named = readEnv({ APP_URL: app, AUTH_ISSUER: 'https://id.warden.example', TOKEN_ISSUER: 'https://tokens.warden.example' });
    expect(toAppUpstream(named, app).issuer).toBe('https://tokens.warden.example');
    expect(toStartIssuer(named, toAppUpstream(named, app))).toBe('https://id.warden.example');
  });

  it('with the demo sandbox: its own issuer, whatever AUTH_ISSUER says', () => {
    expect(toStartIssuer(readEnv({ AUTH_ISSUER: 'https://id.warden.example' }), sandbox)).toBe(sandbox.issuer);
  });

  it('over a finished build: APP_URL moves the forward target only, the built issuer stays', () => {
    const built = { base_url: 'https://warden.example', app_url: app, auth_issuer: app };
    expect(toUpstream(readEnv({ APP_URL: 'https://staging.warden.example' }), built).issuer).toBe(app);
    expect(toUpstream(readEnv({ AUTH_ISSUER: 'https://id.warden.example' }), built).issuer).toBe('https://id.warden.example');
  });
});
