import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyIncompleteError, BodyTooLargeError } from '../mcp/read-body.ts';
import { abandonBody } from './unread-body.ts';

/**
 * Reads a whole request body from node:http within `limit` bytes: the counterpart of readLimitedBody
 * (proxy/mcp/read-body.ts) without the web stream around the request. A declared or streamed size over the limit
 * refuses it; the rest is left unread, and proxy/node/unread-body.ts reads and drops it after `res` is answered, to
 * keep the connection. A body that breaks off (the client left, or its framing failed) is incomplete.
 */
export function readNodeBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    // Refused unread: the rest is read and dropped after the answer within bounds, not for as long as it claims.
    abandonBody(req, res);
    return Promise.reject(new BodyTooLargeError());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      abandonBody(req, res);
      reject(new BodyTooLargeError());
    });
    let ended = false;
    req.once('end', () => {
      ended = true;
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    });
    // 'close' follows every request: only one that closes before its end broke off (no error is made otherwise).
    const brokeOff = () => ended || reject(new BodyIncompleteError());
    req.once('error', brokeOff);
    req.once('close', brokeOff);
  });
}
