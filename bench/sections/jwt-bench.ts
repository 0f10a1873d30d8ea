import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { num, toTable } from '../lib/report.ts';

async function opsPerSecond(seconds: number, task: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await task(); // warm-up
  let count = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) await task();
    count += 50;
  }
  return count / seconds;
}

/** jose jwtVerify ops/s for ES256, the algorithm the sandbox issues, with a key and with a local JWK Set. */
export async function benchJwt(seconds: number): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' }] });
  const token = await new SignJWT({ scope: 'warden:access' })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'k1' })
    .setIssuer('http://127.0.0.1:1')
    .setAudience('http://127.0.0.1:2')
    .setSubject('bench')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
  const options = { issuer: 'http://127.0.0.1:1', audience: 'http://127.0.0.1:2', algorithms: ['ES256'] };
  const direct = await opsPerSecond(seconds, () => jwtVerify(token, publicKey, options));
  const set = await opsPerSecond(seconds, () => jwtVerify(token, jwks, options));
  return [
    '## Token verification',
    '',
    `jose \`jwtVerify\` of one ES256 access token (the sandbox's algorithm), ${seconds} s each on one core after a warm-up.`,
    '',
    toTable(
      ['key source', 'ops/s', 'µs per verify'],
      [
        ['public key (CryptoKey)', num(direct), (1e6 / direct).toFixed(1)],
        ['local JWK Set (as the remote set after its first fetch)', num(set), (1e6 / set).toFixed(1)],
      ],
    ),
  ].join('\n');
}
