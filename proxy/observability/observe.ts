/**
 * What the app tells its host about one request, for the access log and metrics (a Node concern: the app itself
 * neither logs nor counts). Every field is safe to log: never a token, cookie, query string or body.
 */
export interface RequestFacts {
  requestId?: string;
  /** The negotiated representation of a page (contract §4.3). */
  variant?: 'html' | 'markdown';
  /** The JSON-RPC method and, on tools/call, the tool name. */
  mcpMethod?: string;
  tool?: string;
  /** The outcome of a token check: `valid`, or the stable code of the refusal (`ERR_TOKEN_EXPIRED`, …). */
  token?: string;
  upstream?: { address: string; status?: number; ms: number; error?: string };
  /** Why a 5xx was answered, in words for the operator; never sent to the client. */
  cause?: string;
}

/** Receives facts about a request as the app learns them; the host merges them per request. */
export type Observe = (request: Request, facts: RequestFacts) => void;
