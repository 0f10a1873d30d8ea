import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { toArmoredSignature, toSignedData, toSshPublicKeyLine } from '../release/ssh-signature.ts';

/** A release signing key read from a PKCS#8 PEM file (`openssl genpkey -algorithm ed25519`), and its public line. */
export interface SigningKey {
  file: string;
  /** `ssh-ed25519 <base64>`: what the installers and binaries carry (content `cli.release_signing_key`). */
  publicKeyLine: string;
  /** The armored SSH signature of `message` in `namespace` (what `ssh-keygen -Y sign -n` writes). */
  sign(message: Uint8Array, namespace: string): string;
}

/** Reads the Ed25519 private key at `file`; throws naming the file when it is not one. */
export function readSigningKey(file: string): SigningKey {
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(file));
  } catch (error) {
    throw new Error(`${file}: not a readable PEM private key (${(error as Error).message.split('\n')[0]})`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${file}: an Ed25519 key is needed, not ${key.asymmetricKeyType}`);
  const raw = Buffer.from(createPublicKey(key).export({ format: 'jwk' }).x!, 'base64url');
  return {
    file,
    publicKeyLine: toSshPublicKeyLine(raw),
    sign: (message, namespace) => toArmoredSignature(raw, namespace, sign(null, toSignedData(message, namespace), key)),
  };
}

/**
 * The key at `file`, made first when there is none (mode 0600): a local system (`npm start`, the tests) signs
 * its own releases and builds its installers with this key's public half, as production does with its own.
 */
export function getLocalSigningKey(file: string): SigningKey {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  }
  return readSigningKey(file);
}
