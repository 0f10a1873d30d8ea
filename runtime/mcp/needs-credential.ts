/** The parts of one JSON-RPC message the auth gate looks at. */
export interface GateMessage {
  /** Absent on a response. */
  method?: string;
  /** Whether the message has an `id` member: requests do, notifications do not. */
  hasId: boolean;
  /** The message's `params`, where a public method's rule reads them (`resources/read`: its `uri`). */
  params?: unknown;
}

/** The method whose public use is limited to the published resources. */
const READ_RESOURCE = 'resources/read';

/**
 * Whether a message needs an OAuth Bearer token (contract RPC-2, RPC-3, AUTH-2): public methods and
 * `notifications/*` pass; everything else, responses and id-less "notifications" of other methods
 * included (an id-less tools/call must not slip past), needs one. Deny by default, within a public method too:
 * `resources/read` is public for the resources anyone may read anyway (the published Agent Skills,
 * `publicResources`), and a read of any other (Lessons among them, contract AUTH-2) needs a token.
 */
export function needsCredential(message: GateMessage, publicMethods: readonly string[], publicResources: readonly string[] = []): boolean {
  if (message.method === undefined) return true;
  if (message.method === READ_RESOURCE && publicMethods.includes(READ_RESOURCE)) {
    const uri = (message.params as { uri?: unknown } | null | undefined)?.uri;
    return !(typeof uri === 'string' && publicResources.includes(uri));
  }
  if (publicMethods.includes(message.method)) return false;
  return message.hasId || !message.method.startsWith('notifications/');
}
