import { randomUUID } from 'node:crypto';
import type { HeaderLookup } from '../../runtime/http/header-lookup.ts';
import { toRequestId } from '../../runtime/http/request-id.ts';

/**
 * The request id of a request the Node door answers (runtime/http/request-id.ts), from its headers as
 * proxy/node/node-headers.ts reads them. A new one is made by node:crypto's randomUUID directly: the web `crypto`
 * global reaches it through a getter and a receiver check on every call.
 */
export function toNodeRequestId(headers: HeaderLookup): string {
  return toRequestId(headers, randomUUID);
}
