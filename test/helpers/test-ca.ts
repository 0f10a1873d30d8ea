import 'reflect-metadata'; // @peculiar/x509's dependency injection needs it loaded first
import { webcrypto } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as Crypto);

/** A certificate authority made for one test run, and a server certificate it signed for loopback. */
export interface TestCa {
  /** PEM file of the CA: give it to a process as NODE_EXTRA_CA_CERTS (read at start, so only child processes). */
  caFile: string;
  /** The server's certificate and key, for `https.createServer`. */
  cert: string;
  key: string;
  remove(): void;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const day = 86_400_000;

/** Makes a CA and a certificate for `localhost`, `127.0.0.1` and `::1` that it signed, valid for a day. */
export async function createTestCa(): Promise<TestCa> {
  const caKeys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Warden test CA',
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + day),
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true)],
  });
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=localhost',
    issuer: ca.subject,
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + day),
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
        { type: 'ip', value: '::1' },
      ]),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const dir = mkdtempSync(join(tmpdir(), 'warden-ca-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca.toString('pem'));
  return {
    caFile,
    cert: cert.toString('pem'),
    key: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
