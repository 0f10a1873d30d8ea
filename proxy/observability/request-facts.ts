import type { DocumentKind, ReaderCategory } from '../../facts/traffic-labels.ts';

/**
 * What the app notes about one request, for the access log and metrics (a Node concern: the app itself neither
 * logs nor counts). Every field is safe to log: never a token, cookie, query string or body.
 */
export interface RequestFacts {
  requestId?: string;
  /** The negotiated representation of a page (contract NEGOTIATE-1). */
  variant?: 'html' | 'markdown';
  /** The reader's family (the agent's name as the crawler-user-agents list gives it, `browser` or `other`), never the user agent itself. */
  agent?: string;
  agentCategory?: ReaderCategory;
  /** What kind of document was read; absent for the asset store's paths, which traffic does not count. */
  docKind?: DocumentKind;
  /** The JSON-RPC method and, on tools/call, the tool name. */
  mcpMethod?: string;
  tool?: string;
  /** The outcome of a token check: `valid`, or the stable code of the refusal (`ERR_TOKEN_EXPIRED`, …). */
  token?: string;
  upstream?: { address: string; status?: number; ms: number; error?: string };
  /** Why a 5xx was answered, in words for the operator; never sent to the client. */
  cause?: string;
}

/** Notes facts about one request as they are learned; the host merges them per request. */
export type Note = (facts: RequestFacts) => void;

/** Notes facts about the request given, for code that serves many. */
export type NoteRequest = (request: Request, facts: RequestFacts) => void;
