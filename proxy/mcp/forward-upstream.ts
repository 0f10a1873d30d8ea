import { PATHS, toUrl } from '../../src/lib/paths.ts';
import { AuthError } from '../../runtime/auth/auth-error.ts';
import { parseBearerChallenge } from '../../runtime/http/www-authenticate.ts';
import { McpError } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import { UpstreamError, type Forwarder } from '../forward/forwarder.ts';
import { toRefusal } from './gate.ts';
import { keepClientHeaders, toUpstreamHeaders } from './upstream-headers.ts';
import type { Observe } from '../observe.ts';

/**
 * An upstream refusal answered in this endpoint's own shape: the same JSON-RPC error as the gate's, with one
 * challenge naming this host's metadata. The upstream's error, description and scope are kept when its
 * challenge is well formed; a malformed one is never passed on (RFC 9110 §11.6.1).
 */
async function toUpstreamRefusal(config: AppConfig, upstream: Response, id: string | number | null): Promise<McpError> {
  // Read the (small) refusal body to its end: the keep-alive connection then stays reusable.
  await upstream.arrayBuffer().catch(() => {});
  const params = parseBearerChallenge(upstream.headers.get('www-authenticate') ?? '');
  const description = params?.get('error_description') ?? 'The hosted tool endpoint refused the access token';
  const refusal =
    upstream.status === 403 ? new AuthError('ERR_TOKEN_SCOPE', description)
    : params?.get('error') === 'invalid_token' ? new AuthError('ERR_TOKEN_INVALID', description)
    : new AuthError('ERR_NO_TOKEN', 'This method needs an OAuth Bearer access token');
  const scope = params?.get('scope');
  return toRefusal(config, refusal, id, scope ? scope.split(' ') : undefined);
}

/**
 * Sends the request to `<app_url>/mcp` and returns the answer as it streams: SSE events must reach the client
 * one by one (MCP Streamable HTTP), within the idle limit the forwarder keeps. Unreachable → -31502, too slow → -31504, a refusal → the gate's shape.
 */
export async function forwardUpstream(
  config: AppConfig,
  forward: Forwarder,
  request: Request,
  body: Uint8Array | null,
  id: string | number | null,
  trace: { requestId?: string; observe?: Observe } = {},
): Promise<Response> {
  let upstream: Response;
  const url = toUrl(config.appUrl, PATHS.mcp);
  const started = Date.now();
  const report = (facts: { status?: number; error?: string }) => trace.observe?.(request, { upstream: { address: url, ms: Date.now() - started, ...facts } });
  try {
    const onIdle = () => report({ status: upstream.status, error: `idle for ${config.upstreamIdleTimeoutMs} ms after the headers` });
    const idle = { ms: config.upstreamIdleTimeoutMs, onIdle };
    upstream = await forward({ method: request.method, url, headers: toUpstreamHeaders(request.headers, trace.requestId), body, signal: request.signal, idle });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    report({ error: error.reason });
    throw error.kind === 'timeout'
      ? new McpError('ERR_UPSTREAM_TIMEOUT', 'The hosted tool endpoint did not answer in time.', { id })
      : new McpError('ERR_UPSTREAM_UNREACHABLE', 'The hosted tool endpoint could not be reached.', { id });
  }
  report({ status: upstream.status });
  if (upstream.status === 401 || upstream.status === 403) throw await toUpstreamRefusal(config, upstream, id);
  // The body streams on as the forwarder handed it (within its idle limit); only the headers are narrowed.
  keepClientHeaders(upstream.headers);
  return upstream;
}
