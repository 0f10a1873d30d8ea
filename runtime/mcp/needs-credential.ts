/** The parts of one JSON-RPC message the auth gate looks at. */
export interface GateMessage {
  /** Absent on a response. */
  method?: string;
  /** Whether the message has an `id` member: requests do, notifications do not. */
  hasId: boolean;
}

/**
 * Whether a message needs an OAuth Bearer token (contract §4.2 rules 2–3, §5): public methods and
 * `notifications/*` pass; everything else, responses and id-less "notifications" of other methods
 * included (an id-less tools/call must not slip past), needs one. Deny by default.
 */
export function needsCredential(message: GateMessage, publicMethods: readonly string[]): boolean {
  if (message.method === undefined) return true;
  if (publicMethods.includes(message.method)) return false;
  return message.hasId || !message.method.startsWith('notifications/');
}
