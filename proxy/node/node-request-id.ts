import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { toRequestId } from '../../runtime/http/request-id.ts';
import { toHeaderLookup } from './node-headers.ts';

/**
 * The request id of a request a Node fast path answers (runtime/http/request-id.ts), a new one made by node:crypto's
 * randomUUID directly: the web `crypto` global reaches it through a getter and a receiver check on every call.
 */
export function toNodeRequestId(req: IncomingMessage): string {
  return toRequestId(toHeaderLookup(req), randomUUID);
}
