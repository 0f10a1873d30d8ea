import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readAuthorizationResponse, toAuthorizationUrl } from '../../../../cli/core/oauth/authorization-code.ts';
import { createPkce } from '../../../../cli/core/oauth/pkce.ts';

const as = {
  issuer: 'https://as.example',
  authorization_endpoint: 'https://as.example/authorize',
  token_endpoint: 'https://as.example/token',
  code_challenge_methods_supported: ['S256'],
  authorization_response_iss_parameter_supported: true,
};
const request = {
  clientId: 'warden-cli',
  redirectUri: 'http://127.0.0.1:5555/callback',
  scope: 'openid warden:access',
  resources: ['https://app.example', 'https://w.example'],
  state: 'st',
  codeChallenge: 'ch',
};
const callback = (q: string) => new URL(`http://127.0.0.1:5555/callback?${q}`);

describe('the authorization request and its answer', () => {
  it('PKCE S256: the challenge is the base64url SHA-256 of a 43-character verifier (RFC 7636 §4)', () => {
    const { verifier, challenge } = createPkce();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('carries PKCE, state, the loopback redirect and one resource parameter per resource (RFC 8707 §2.1)', () => {
    const url = toAuthorizationUrl(as, request);
    expect(url.origin + url.pathname).toBe('https://as.example/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'warden-cli',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      state: 'st',
      redirect_uri: request.redirectUri,
    });
    expect(url.searchParams.getAll('resource')).toEqual(request.resources);
  });

  it('refuses a server that does not advertise S256', () => {
    expect(() => toAuthorizationUrl({ ...as, code_challenge_methods_supported: ['plain'] }, request)).toThrow(/does not advertise PKCE/);
  });

  it('takes the code only with the right state and issuer (RFC 9207), and never shows a foreign error text', () => {
    expect(readAuthorizationResponse(callback('code=C&state=st&iss=https%3A%2F%2Fas.example'), { state: 'st', as })).toBe('C');
    expect(() => readAuthorizationResponse(callback('code=C&state=other&iss=https%3A%2F%2Fas.example'), { state: 'st', as })).toThrow(
      /state mismatch/,
    );
    expect(() => readAuthorizationResponse(callback('code=C&state=st'), { state: 'st', as })).toThrow(/another authorization server/);
    expect(() =>
      readAuthorizationResponse(callback('error=x&error_description=EVIL&state=st&iss=https%3A%2F%2Fevil.example'), { state: 'st', as }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('EVIL') }));
    expect(() =>
      readAuthorizationResponse(callback('error=access_denied&state=st&iss=https%3A%2F%2Fas.example'), { state: 'st', as }),
    ).toThrow(/^sign-in was cancelled/);
  });
});
