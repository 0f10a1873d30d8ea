import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';

/** A signing key pair and the local JWK Set that verifies it (injected, not mocked). */
export interface TestKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  getKey: JWTVerifyGetKey;
}

/** Generates an ES256 key pair with kid "k1" and its local JWK Set. */
export async function createTestKeys(alg = 'ES256'): Promise<TestKeys> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg, use: 'sig' };
  return { privateKey, publicKey, getKey: createLocalJWKSet({ keys: [jwk] }) };
}

/** Signs a token with the given claims (iat/exp relative to `now` seconds). */
export async function signToken(
  keys: TestKeys,
  claims: { iss?: string; aud?: string | string[]; scope?: string; exp?: number; sub?: string },
  alg = 'ES256',
): Promise<string> {
  const jwt = new SignJWT({ scope: claims.scope }).setProtectedHeader({ alg, kid: 'k1', typ: 'at+jwt' }).setSubject(claims.sub ?? 'user-1');
  if (claims.iss) jwt.setIssuer(claims.iss);
  if (claims.aud) jwt.setAudience(claims.aud);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(keys.privateKey);
}
