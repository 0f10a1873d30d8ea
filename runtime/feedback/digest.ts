const UTF8 = new TextEncoder();

/** base64url without padding (RFC 4648 §5). */
function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The SHA-256 of bytes or text, base64url, with Web Crypto (the same on Node and in the worker). */
export async function toSha256(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? UTF8.encode(data) : data;
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));
}

/**
 * The digest a report keeps of the page it was about: the SHA-256 of its markdown twin's bytes, as the Node edge's
 * entity tag for the twin has it (proxy/node/read-dist.ts), without the quotes. Computed from the bytes on both
 * doors, since the worker's asset store has entity tags of its own.
 */
export async function toPageDigest(twin: Uint8Array): Promise<string> {
  return (await toSha256(twin)).slice(0, 27);
}

// RFC 4648 §6 base32, lower case: ids that read well in a URL and are case-insensitive.
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new report id: `fb_` and 26 base32 characters (130 random bits): unguessable, since its status URL needs no credential. */
export function newFeedbackId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(17));
  let bits = 0;
  let value = 0;
  let id = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && id.length < 26) {
      id += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `fb_${id}`;
}

/** Whether a string is a report id. */
export const isFeedbackId = (value: string): boolean => /^fb_[a-z2-7]{26}$/.test(value);

/** A random salt, base64url. */
export function newSalt(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}
