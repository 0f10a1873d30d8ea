import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * SSH signatures of files, the format `ssh-keygen -Y sign` writes and `ssh-keygen -Y verify` checks (OpenSSH
 * PROTOCOL.sshsig), for Ed25519 keys: the release's SHA256SUMS is signed this way, so the installers check it
 * with ssh-keygen and the CLI checks it here, with no tool.
 */

const MAGIC = Buffer.from('SSHSIG');
const KEY_TYPE = 'ssh-ed25519';
const HASH = 'sha512';
const ARMOR = /^-----BEGIN SSH SIGNATURE-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END SSH SIGNATURE-----\r?\n?$/;

/** An SSH wire-format `string`: a 32-bit big-endian length, then the bytes (RFC 4251 §5). */
export function toSshString(value: string | Uint8Array): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value) : Buffer.from(value);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** Reads SSH `string`s one after another from a buffer; throws when one runs past its end. */
function createReader(bytes: Buffer): { string(): Buffer; uint32(): number; raw(n: number): Buffer; done(): boolean } {
  let at = 0;
  const raw = (n: number) => {
    if (at + n > bytes.length) throw new Error('truncated signature');
    const out = bytes.subarray(at, at + n);
    at += n;
    return out;
  };
  const uint32 = () => raw(4).readUInt32BE(0);
  return { raw, uint32, string: () => raw(uint32()), done: () => at === bytes.length };
}

/** The 32 raw bytes of an `ssh-ed25519 <base64> [comment]` public key line; throws on any other line. */
export function toEd25519PublicKey(line: string): Buffer {
  const [type, data] = line.trim().split(/\s+/);
  if (type !== KEY_TYPE || !data) throw new Error('not an ssh-ed25519 public key');
  const r = createReader(Buffer.from(data, 'base64'));
  if (r.string().toString() !== KEY_TYPE) throw new Error('not an ssh-ed25519 public key');
  const key = r.string();
  if (key.length !== 32 || !r.done()) throw new Error('malformed ssh-ed25519 public key');
  return key;
}

/** The `ssh-ed25519 <base64>` line of a raw Ed25519 public key. */
export function toSshPublicKeyLine(raw: Uint8Array): string {
  return `${KEY_TYPE} ${Buffer.concat([toSshString(KEY_TYPE), toSshString(raw)]).toString('base64')}`;
}

/** A KeyObject for a raw Ed25519 public key (RFC 8037 §2: the JWK `x` member). */
export function toEd25519KeyObject(raw: Uint8Array): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') }, format: 'jwk' });
}

/** What is actually signed: the preamble, namespace, hash algorithm and the message's hash (PROTOCOL.sshsig §2). */
export function toSignedData(message: Uint8Array, namespace: string): Buffer {
  const digest = createHash(HASH).update(message).digest();
  return Buffer.concat([MAGIC, toSshString(namespace), toSshString(''), toSshString(HASH), toSshString(digest)]);
}

/** The armored signature file (76-column base64, as ssh-keygen writes it) of a raw Ed25519 signature. */
export function toArmoredSignature(publicKey: Uint8Array, namespace: string, signature: Uint8Array): string {
  const version = Buffer.alloc(4);
  version.writeUInt32BE(1);
  const blob = Buffer.concat([
    MAGIC,
    version,
    toSshString(Buffer.concat([toSshString(KEY_TYPE), toSshString(publicKey)])),
    toSshString(namespace),
    toSshString(''),
    toSshString(HASH),
    toSshString(Buffer.concat([toSshString(KEY_TYPE), toSshString(signature)])),
  ]);
  const lines = blob.toString('base64').match(/.{1,76}/g) ?? [];
  return `-----BEGIN SSH SIGNATURE-----\n${lines.join('\n')}\n-----END SSH SIGNATURE-----\n`;
}

/**
 * Whether `armored` is a valid signature of `message` in `namespace` by the key of `publicKeyLine`. The
 * signature must name that very key, the namespace and a known hash; anything malformed is simply invalid.
 */
export function verifySshSignature(message: Uint8Array, armored: string, publicKeyLine: string, namespace: string): boolean {
  try {
    const match = ARMOR.exec(`${armored.trim()}\n`);
    if (!match) return false;
    const r = createReader(Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64'));
    if (!r.raw(6).equals(MAGIC) || r.uint32() !== 1) return false;
    const key = createReader(r.string());
    const trusted = toEd25519PublicKey(publicKeyLine);
    if (key.string().toString() !== KEY_TYPE || !key.string().equals(trusted)) return false;
    if (r.string().toString() !== namespace) return false;
    r.string(); // reserved
    const hash = r.string().toString();
    const sig = createReader(r.string());
    if (!r.done() || sig.string().toString() !== KEY_TYPE) return false;
    const signature = sig.string();
    if (hash !== HASH && hash !== 'sha256') return false;
    const digest = createHash(hash).update(message).digest();
    const signed = Buffer.concat([MAGIC, toSshString(namespace), toSshString(''), toSshString(hash), toSshString(digest)]);
    return verify(null, signed, toEd25519KeyObject(trusted), signature);
  } catch {
    return false;
  }
}

/** The namespace release signatures are made in: a signature made for anything else never passes as one. */
export function toReleaseNamespace(binary: string): string {
  return `${binary}-release`;
}
