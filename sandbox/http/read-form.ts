import type { IncomingMessage } from 'node:http';

/** A form body larger than this is no form of ours. */
const LIMIT = 16 * 1024;

/** Reads an `application/x-www-form-urlencoded` request body (a page's form post); empty on anything else. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) {
    req.resume();
    return new URLSearchParams();
  }
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > LIMIT) throw new RangeError('form body too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
