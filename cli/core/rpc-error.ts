import { MCP_ERROR_CODES } from '../../runtime/mcp/mcp-error.ts';
import { type CliErrorCode, toCliError } from './cli-error.ts';
import { toNetworkCode, toNetworkReason } from '../../runtime/oauth/fetch-json.ts';
import { NO_CREDENTIAL } from './token-source.ts';

/** A JSON-RPC error object (JSON-RPC 2.0 §5.1). */
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

// The codes the edge and the hosted endpoint answer with (one vocabulary, runtime/mcp/mcp-error.ts).
const UNAUTHORIZED = MCP_ERROR_CODES.ERR_NO_TOKEN;
const UNREACHABLE = MCP_ERROR_CODES.ERR_UPSTREAM_UNREACHABLE;
const INTERNAL = MCP_ERROR_CODES.ERR_INTERNAL;
/** The CLI's failures that mean the credential is missing or spent: the client is told to sign in, as for a 401. */
const CREDENTIAL_CODES: ReadonlySet<CliErrorCode> = new Set(['ERR_NO_CREDENTIAL', 'ERR_LOGIN_EXPIRED']);

/** The upstream's own JSON-RPC error for this request, when its HTTP error body was one. */
function toUpstreamError(text: unknown, id: string | number): RpcError | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const body = JSON.parse(text) as { id?: unknown; error?: RpcError };
    if (body.error && typeof body.error.code === 'number' && (body.id === id || body.id === null)) return body.error;
  } catch {
    // not JSON
  }
  return undefined;
}

/** Why a request could not be forwarded, as the JSON-RPC error its sender gets: one sentence, no secret. */
export function toRpcError(error: unknown, id: string | number): RpcError {
  const failure = toCliError(error);
  if (failure) {
    const auth = CREDENTIAL_CODES.has(failure.code) || failure.code.startsWith('ERR_OAUTH_');
    return { code: auth ? UNAUTHORIZED : failure.code === 'ERR_UNREACHABLE' ? UNREACHABLE : INTERNAL, message: failure.message };
  }
  const e = error as Error & { code?: unknown; data?: { status?: number; text?: unknown } };
  const upstream = toUpstreamError(e.data?.text, id);
  if (upstream) return upstream;
  // The SDK's own refusal when the bridge has no way to get a credential at all.
  if (e.name === 'UnauthorizedError') return { code: UNAUTHORIZED, message: NO_CREDENTIAL };
  if (e.data?.status === 401)
    return {
      code: UNAUTHORIZED,
      message: 'the service refused the credential even after renewing it: run `warden login` or `warden admin register` again',
    };
  if (e.data?.status === 403) return { code: MCP_ERROR_CODES.ERR_TOKEN_SCOPE, message: 'the credential lacks a scope this call needs' };
  if (e.name === 'TypeError' && ((e as { cause?: unknown }).cause || toNetworkCode(e)))
    return { code: UNREACHABLE, message: `the service is unreachable: ${toNetworkReason(error)}` };
  if (e.data?.status) return { code: INTERNAL, message: `the service answered HTTP ${e.data.status}` };
  return { code: INTERNAL, message: e.message };
}
