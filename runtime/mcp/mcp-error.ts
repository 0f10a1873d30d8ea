import type { Errors } from '../../facts/problem.ts';
import type { AuthError, AuthErrorCode } from '../auth/auth-error.ts';
import { toAuthRefusal } from '../auth/auth-refusal.ts';
import { SEARCH_PROBLEM_CODES } from '../search/search-params.ts';
import { FEEDBACK_PROBLEM_CODES } from '../feedback/feedback-problems.ts';

/**
 * Every refusal an MCP endpoint (the edge's or the hosted one's) can answer, by stable code, and the JSON-RPC
 * code it is answered with. The HTTP status, message, cause and resolution of each JSON-RPC code are content
 * (content/errors.yaml), so this table and that file together are the whole error vocabulary; a server checks
 * at start that the file has every code here (assertErrorEntries).
 */
export const MCP_ERROR_CODES = {
  /** JSON-RPC 2.0 §5.1. */
  ERR_MCP_PARSE: -32700,
  ERR_MCP_INVALID_REQUEST: -32600,
  /** MCP 2026-07-28 Streamable HTTP: an Mcp-Method or Mcp-Name header disagrees with the body. */
  ERR_MCP_HEADER_MISMATCH: -32020,
  ERR_MCP_METHOD_NOT_ALLOWED: -31405,
  ERR_MCP_NOT_ACCEPTABLE: -31406,
  ERR_MCP_BODY_TOO_LARGE: -31413,
  /** A browser Origin that may not call this endpoint (MCP Streamable HTTP: DNS rebinding). */
  ERR_MCP_ORIGIN_FORBIDDEN: -31403,
  ERR_UPSTREAM_UNREACHABLE: -31502,
  ERR_UPSTREAM_TIMEOUT: -31504,
  /** The authorization server's key set could not be fetched: 503 with Retry-After, the token kept. */
  ERR_JWKS_UNAVAILABLE: -31503,
  /** Something failed inside; nothing about it is said (JSON-RPC 2.0 §5.1). */
  ERR_INTERNAL: -32603,
  // Credential refusals (runtime/auth): 401, or 403 for a missing scope (RFC 6750 §3.1).
  ERR_NO_TOKEN: -31401,
  ERR_TOKEN_MALFORMED: -31401,
  ERR_TOKEN_EXPIRED: -31401,
  ERR_TOKEN_AUDIENCE: -31401,
  ERR_TOKEN_ISSUER: -31401,
  ERR_TOKEN_INVALID: -31401,
  ERR_TOKEN_SCOPE: -31403,
} as const satisfies Record<string, number> & Record<AuthErrorCode, number>;

/** The stable code of an MCP refusal. */
export type McpErrorCode = keyof typeof MCP_ERROR_CODES;

/** The RFC 9457 problem codes the edge answers on `/api/*` (content/errors.yaml `problems`). */
export const PROBLEM_CODES = [
  'not_found',
  'method_not_allowed',
  'internal_error',
  ...SEARCH_PROBLEM_CODES,
  ...FEEDBACK_PROBLEM_CODES,
] as const;

/** A refusal on an MCP path: a stable code, a sentence safe to show, and what the answer must carry. */
export class McpError extends Error {
  override name = 'McpError';
  readonly code: McpErrorCode;
  readonly detail: string;
  readonly options: { id?: string | number | null; headers?: Record<string, string> };
  /** `cause` is for the operator's log only: the renderer never sends it. */
  constructor(
    code: McpErrorCode,
    detail: string,
    options: { id?: string | number | null; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.detail = detail;
    this.options = options;
  }
}

/** A credential refusal as an MCP refusal: 401 or 403 with its one challenge (runtime/auth/auth-refusal.ts). */
export function toMcpAuthError(
  error: AuthError,
  options: { resourceMetadata: string; scopes: readonly string[]; id?: string | number | null },
): McpError {
  const refusal = toAuthRefusal(error, options);
  return new McpError(error.code, refusal.detail, { id: options.id, headers: { 'www-authenticate': refusal.challenge } });
}

/** The JSON-RPC error response of a refusal (JSON-RPC 2.0 §5.1): its status, headers and body, from content. */
export interface McpErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: {
    jsonrpc: '2.0';
    id: string | number | null;
    error: { code: number; message: string; data: { detail: string; resolution: string } };
  };
}

/** The one renderer of MCP refusals, for the edge and the hosted endpoint alike. */
export function toMcpErrorAnswer(errors: Errors, error: McpError): McpErrorAnswer {
  const code = MCP_ERROR_CODES[error.code];
  const entry = errors.jsonrpc.find((e) => e.code === code);
  // assertErrorEntries at start makes this unreachable; if content still lacks it, say no more than JSON-RPC allows.
  if (!entry)
    return {
      status: 500,
      headers: {},
      body: { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error', data: { detail: '', resolution: '' } } },
    };
  return {
    status: entry.http_status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...error.options.headers },
    body: {
      jsonrpc: '2.0',
      id: error.options.id ?? null,
      error: { code, message: entry.message, data: { detail: error.detail, resolution: entry.resolution } },
    },
  };
}

/** The answer as a web Response. */
export function toMcpErrorResponse(errors: Errors, error: McpError): Response {
  const answer = toMcpErrorAnswer(errors, error);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
}

/**
 * The codes a server can answer that content/errors.yaml does not define, as readable lines (empty when it is
 * complete). Servers refuse to start on any, rather than fail at the first request that needs one.
 */
export function findMissingErrorEntries(errors: Errors): string[] {
  const rpc = [...new Set(Object.values(MCP_ERROR_CODES))].filter((code) => !errors.jsonrpc.some((e) => e.code === code));
  const problems = PROBLEM_CODES.filter((code) => !errors.problems.some((p) => p.code === code));
  return [...rpc.map((code) => `jsonrpc code ${code}`), ...problems.map((code) => `problem code "${code}"`)];
}
