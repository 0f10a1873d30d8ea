import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** The signing key of the fuzz's authorization server, its public JWK Set, and a second key it never published. */
export interface FuzzKeys {
  issuer: string;
  audience: string;
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
  getKey: JWTVerifyGetKey;
  strangerKey: CryptoKey;
  rsaKey: CryptoKey;
}

/** Generates the keys; `issuer` is the authorization server the edge trusts, `audience` the edge's base URL. */
export async function createFuzzKeys(issuer: string, audience: string): Promise<FuzzKeys> {
  const own = await generateKeyPair('ES256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(own.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] };
  return {
    issuer,
    audience,
    privateKey: own.privateKey,
    jwks,
    getKey: createLocalJWKSet(jwks),
    strangerKey: (await generateKeyPair('ES256')).privateKey,
    rsaKey: (await generateKeyPair('RS256')).privateKey,
  };
}

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const nowSec = () => Math.floor(Date.now() / 1000);

/** Signs a token: good by default, each option spoiling one thing. */
export async function signFuzzToken(
  keys: FuzzKeys,
  spoil: { payload?: JWTPayload; header?: Record<string, unknown>; key?: CryptoKey; alg?: string; omit?: string[] } = {},
): Promise<string> {
  const payload: JWTPayload = {
    iss: keys.issuer,
    aud: keys.audience,
    sub: 'fuzz-user',
    scope: 'warden:access',
    iat: nowSec(),
    exp: nowSec() + 3600,
    ...spoil.payload,
  };
  for (const claim of spoil.omit ?? []) delete payload[claim];
  const alg = spoil.alg ?? 'ES256';
  return new SignJWT(payload)
    .setProtectedHeader({ alg, kid: 'k1', typ: 'at+jwt', ...spoil.header } as { alg: string })
    .sign(spoil.key ?? keys.privateKey);
}

/** A compact JWS signed with ES256 over any header at all (jose refuses to sign some of the headers attacks need). */
async function signRaw(header: Record<string, unknown>, payload: JWTPayload, key: CryptoKey): Promise<string> {
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new TextEncoder().encode(input));
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}

/**
 * The token attack suite: each token with the status a correct resource server answers (RFC 6750 §3.1, RFC 8725,
 * RFC 9068): 401 for anything not a valid access token of this issuer for this audience, 403 for a valid one
 * without the scope, 431 for one too large for the request head.
 */
export async function createAttackTokens(keys: FuzzKeys): Promise<{ name: string; token: string; expect: number }[]> {
  const good = await signFuzzToken(keys);
  const [h, p, s] = good.split('.') as [string, string, string];
  const hs256 = await new SignJWT({ iss: keys.issuer, aud: keys.audience, sub: 'x', scope: 'warden:access', exp: nowSec() + 600 })
    .setProtectedHeader({ alg: 'HS256', kid: 'k1', typ: 'at+jwt' })
    .sign(new TextEncoder().encode(JSON.stringify(keys.jwks.keys[0])));
  const list: [string, string | Promise<string>, number][] = [
    ['alg none', `${b64({ alg: 'none', typ: 'at+jwt' })}.${p}.`, 401],
    ['alg none, signature kept', `${b64({ alg: 'none', typ: 'at+jwt' })}.${p}.${s}`, 401],
    ['HS256 keyed with the public JWK', hs256, 401],
    ['expired', signFuzzToken(keys, { payload: { exp: nowSec() - 60 } }), 401],
    ['not yet valid (nbf)', signFuzzToken(keys, { payload: { nbf: nowSec() + 3600 } }), 401],
    ['another audience', signFuzzToken(keys, { payload: { aud: 'https://other.example' } }), 401],
    ['audience list without ours', signFuzzToken(keys, { payload: { aud: ['https://a.example', 'https://b.example'] } }), 401],
    ['another issuer', signFuzzToken(keys, { payload: { iss: 'https://evil.example' } }), 401],
    ['typ JWT (an ID token)', signFuzzToken(keys, { header: { typ: 'JWT' } }), 401],
    ['no typ', signFuzzToken(keys, { header: { typ: undefined } }), 401],
    ['no sub', signFuzzToken(keys, { omit: ['sub'] }), 401],
    ['no exp', signFuzzToken(keys, { omit: ['exp'] }), 401],
    ['no iss', signFuzzToken(keys, { omit: ['iss'] }), 401],
    ['no aud', signFuzzToken(keys, { omit: ['aud'] }), 401],
    ['signed by a key never published, same kid', signFuzzToken(keys, { key: keys.strangerKey }), 401],
    ['unknown kid', signFuzzToken(keys, { header: { kid: 'k9' } }), 401],
    ['RS256 against an ES256 key', signFuzzToken(keys, { key: keys.rsaKey, alg: 'RS256' }), 401],
    [
      'unknown crit header',
      signRaw(
        { alg: 'ES256', kid: 'k1', typ: 'at+jwt', crit: ['x-must'], 'x-must': 1 },
        { iss: keys.issuer, aud: keys.audience, sub: 's', scope: 'warden:access', exp: nowSec() + 600 },
        keys.privateKey,
      ),
      401,
    ],
    [
      'payload swapped, signature kept',
      `${h}.${b64({ iss: keys.issuer, aud: keys.audience, sub: 'admin', scope: 'warden:access', exp: nowSec() + 600 })}.${s}`,
      401,
    ],
    ['signature cut', `${h}.${p}`, 401],
    ['signature empty', `${h}.${p}.`, 401],
    ['signature of another token', `${h}.${p}.${(await signFuzzToken(keys, { payload: { sub: 'other' } })).split('.')[2]}`, 401],
    ['header not JSON', `${b64('{')}.${p}.${s}`, 401],
    ['four segments', `${good}.x`, 401],
    ['JWE-shaped', `${h}.a.b.c.d`, 401],
    ['no scope', signFuzzToken(keys, { omit: ['scope'] }), 403],
    ['another scope only', signFuzzToken(keys, { payload: { scope: 'warden:lessons.write' } }), 403],
    ['scope as a prefix', signFuzzToken(keys, { payload: { scope: 'warden:accessx' } }), 403],
    ['a 20 KB token', `${h}.${'A'.repeat(20_000)}.${s}`, 431],
  ];
  return Promise.all(list.map(async ([name, token, expect]) => ({ name, token: await token, expect })));
}
