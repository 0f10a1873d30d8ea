import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** The authorization server's secrets: its token-signing key and its cookie key. */
export interface SandboxSecrets {
  signingKey: JWK;
  cookieKey: string;
}

/** Loads the secrets from `<dataDir>/secrets.json`, creating them once, so tokens outlive a restart. */
export async function loadOrCreateSecrets(dataDir: string): Promise<SandboxSecrets> {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SandboxSecrets;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('hex') };
  const secrets = { signingKey, cookieKey: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The public half of a private JWK (what JWKS publishes). */
export function toPublicJwk(jwk: JWK): JWK {
  const { d: _d, ...pub } = jwk;
  return pub;
}
