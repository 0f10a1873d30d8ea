import { PATHS, toUrl } from '../../facts/paths.ts';
import { AuthError } from '../../runtime/auth/auth-error.ts';
import { parseBearerChallenge } from '../../runtime/http/www-authenticate.ts';
import { McpError } from '../../runtime/mcp/mcp-error.ts';
import type { AppConfig } from '../config.ts';
import { isEventStreamType, type UpstreamError } from '../forward/forwarder.ts';
import type { Note } from '../observability/request-facts.ts';
import { toRefusal } from './gate.ts';

/** Whether an upstream status is a credential refusal, answered in the gate's shape rather than passed on. */
export const isUpstreamRefusal = (status: number): boolean => status === 401 || status === 403;

/** The log's cause for an upstream error labelled as an event stream (its code is the metric's label). */
export const STREAMED_ERROR = 'ERR_UPSTREAM_STREAMED_ERROR: an error status labelled text/event-stream';

/**
 * Whether an upstream answer is an error labelled as an event stream. A stream answers a request (MCP Streamable
 * HTTP: a GET the server has no stream for is refused 405, not streamed), and an event-stream client fails any
 * answer but 200 (HTML Living Standard: EventSource), so no client reads it for what it is: an invalid answer from the
 * upstream, answered 502 (RFC 9110 §15.6.3) and never passed on.
 */
export const isStreamedError = (status: number, contentType: string | null | undefined): boolean =>
  status >= 400 && isEventStreamType(contentType);

/**
 * An upstream refusal answered in this endpoint's own shape: the same JSON-RPC error as the gate's, with one
 * challenge naming this host's metadata. The upstream's error, description and scope are kept when its
 * challenge is well formed; a malformed one is never passed on (RFC 9110 §11.6.1).
 */
export function toUpstreamRefusal(
  config: AppConfig,
  status: number,
  challenge: string | null | undefined,
  id: string | number | null,
): McpError {
  const params = parseBearerChallenge(challenge ?? '');
  const description = params?.get('error_description') ?? 'The hosted tool endpoint refused the access token';
  const refusal =
    status === 403
      ? new AuthError('ERR_TOKEN_SCOPE', description)
      : params?.get('error') === 'invalid_token'
        ? new AuthError('ERR_TOKEN_INVALID', description)
        : new AuthError('ERR_NO_TOKEN', 'This method needs an OAuth Bearer access token');
  const scope = params?.get('scope');
  return toRefusal(config, refusal, id, scope ? scope.split(' ') : undefined);
}

/** Unreachable → -31502, too slow → -31504 (the reason goes to the log only). */
export function toUpstreamFailure(error: UpstreamError, id: string | number | null): McpError {
  return error.kind === 'timeout'
    ? new McpError('ERR_UPSTREAM_TIMEOUT', 'The hosted tool endpoint did not answer in time.', { id })
    : new McpError('ERR_UPSTREAM_UNREACHABLE', 'The hosted tool endpoint could not be reached.', { id });
}

/** Where MCP requests go (contract ENDPOINT-14: `<app_url>/mcp`). */
export const toUpstreamUrl = (config: AppConfig): string => toUrl(config.appUrl, PATHS.mcp);

/** The log's words for an upstream body that stalled past the idle limit. */
export const toIdleCause = (config: AppConfig): string => `idle for ${config.upstreamIdleTimeoutMs} ms after the headers`;

/**
 * Notes for the log how the upstream answered: its address, the time to its headers, its status or failure. A
 * failure once noted stays: the idle limit can pass before the forwarder hands the answer over, and its status comes after.
 */
export function toUpstreamNote(url: string, note: Note): (facts: { status?: number; error?: string }) => void {
  const started = Date.now();
  let error: string | undefined;
  return (facts) => {
    error = facts.error ?? error;
    note({ upstream: { address: url, ms: Date.now() - started, status: facts.status, error } });
  };
}
