import { createHash, randomBytes } from 'node:crypto';

/** An RFC 7636 PKCE pair with the S256 method (§4.1: 32 random octets, base64url). */
export function createPkce(): { verifier: string; challenge: string; method: 'S256' } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url'), method: 'S256' };
}

/** An unguessable `state` (RFC 6749 §10.12). */
export function createState(): string {
  return randomBytes(16).toString('base64url');
}
