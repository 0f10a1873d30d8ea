import { describe, expect, it } from 'vitest';
import { toAuthorizationServerMetadataUrl, toProtectedResourceMetadataUrl } from '../../../../runtime/oauth/metadata-url.ts';

describe('well-known metadata addresses', () => {
  it('of an issuer: the well-known part goes between host and path (RFC 8414 §3.1)', () => {
    expect(toAuthorizationServerMetadataUrl('https://example.com')).toBe('https://example.com/.well-known/oauth-authorization-server');
    expect(toAuthorizationServerMetadataUrl('https://example.com/')).toBe('https://example.com/.well-known/oauth-authorization-server');
    // The example of RFC 8414 §3.1.
    expect(toAuthorizationServerMetadataUrl('https://example.com/issuer1')).toBe(
      'https://example.com/.well-known/oauth-authorization-server/issuer1',
    );
    expect(toAuthorizationServerMetadataUrl('https://example.com/issuer1/')).toBe(
      'https://example.com/.well-known/oauth-authorization-server/issuer1',
    );
    expect(toAuthorizationServerMetadataUrl('http://127.0.0.1:4322')).toBe('http://127.0.0.1:4322/.well-known/oauth-authorization-server');
  });

  it('of a protected resource: the same insertion, keeping a query (RFC 9728 §3.1)', () => {
    expect(toProtectedResourceMetadataUrl('https://resource.example.com')).toBe(
      'https://resource.example.com/.well-known/oauth-protected-resource',
    );
    // The example of RFC 9728 §3.1.
    expect(toProtectedResourceMetadataUrl('https://resource.example.com/resource1')).toBe(
      'https://resource.example.com/.well-known/oauth-protected-resource/resource1',
    );
    expect(toProtectedResourceMetadataUrl('https://w.example/.well-known/mcp')).toBe(
      'https://w.example/.well-known/oauth-protected-resource/.well-known/mcp',
    );
    expect(toProtectedResourceMetadataUrl('https://w.example/mcp/?tenant=a')).toBe(
      'https://w.example/.well-known/oauth-protected-resource/mcp?tenant=a',
    );
  });
});
