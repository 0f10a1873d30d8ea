/** The request body was larger than the limit. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/** The request body broke off before its end: the client left, or its framing was malformed (RFC 9112 §8). */
export class BodyIncompleteError extends Error {
  override name = 'BodyIncompleteError';
}

/** Reads the whole request body, refusing it as soon as it passes `limit` bytes (declared or streamed). */
export async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      throw new BodyIncompleteError();
    }
    const { done, value } = read;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
