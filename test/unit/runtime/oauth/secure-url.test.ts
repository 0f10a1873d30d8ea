import { describe, expect, it } from 'vitest';
import { isLoopbackHost, requireSecureUrl, toCanonicalUrl } from '../../../../runtime/oauth/secure-url.ts';

describe('requireSecureUrl', () => {
  it('takes https anywhere and http only to loopback', () => {
    expect(requireSecureUrl('https://warden.example', 'x').href).toBe('https://warden.example/');
    for (const local of ['http://127.0.0.1:4321', 'http://127.5.6.7', 'http://localhost:1', 'http://[::1]:8080']) {
      expect(requireSecureUrl(local, 'x').protocol).toBe('http:');
    }
  });

  it('refuses plain http to any other host, naming the setting', () => {
    for (const remote of ['http://warden.example', 'http://10.0.0.1', 'http://127.0.0.1.example.com', 'http://[::2]']) {
      expect(() => requireSecureUrl(remote, '--base-url')).toThrow(
        expect.objectContaining({ code: 'ERR_INSECURE_URL', message: expect.stringMatching(/^--base-url http:\/\/.* uses plain http/) }),
      );
    }
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => requireSecureUrl('warden.example', 'x')).toThrow(expect.objectContaining({ code: 'ERR_BAD_URL' }));
    expect(() => requireSecureUrl('ftp://warden.example', 'x')).toThrow(expect.objectContaining({ code: 'ERR_BAD_URL' }));
  });

  it('knows loopback hosts and canonical URLs have no trailing slash', () => {
    expect([isLoopbackHost('LOCALHOST'), isLoopbackHost('127.0.0.1'), isLoopbackHost('[::1]'), isLoopbackHost('128.0.0.1')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(toCanonicalUrl(new URL('https://w.example/'))).toBe('https://w.example');
  });
});
