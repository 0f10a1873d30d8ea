import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { REQUEST_ID_HEADER, toRequestId } from '../../runtime/http/request-id.ts';
import { McpError, toMcpErrorAnswer } from '../../runtime/mcp/mcp-error.ts';
import { MCP_PATHS } from '../../src/lib/paths.ts';
import type { AppConfig } from '../config.ts';
import { toFailureCause, toInternalMcpError } from '../errors/render-error.ts';
import { isBodyless, isEventStreamType, UpstreamError } from '../forward/forwarder.ts';
import { admitMcpRequest, toRefusalAnswer, type Tell } from '../mcp/admit.ts';
import { requireAllowedOrigin, toCorsHeaders } from '../mcp/cors.ts';
import { isUpstreamRefusal, toIdleCause, toUpstreamFailure, toUpstreamRefusal, toUpstreamReport, toUpstreamUrl } from '../mcp/forward-upstream.ts';
import { isClientHeader, toUpstreamHeaders } from '../mcp/upstream-headers.ts';
import type { RequestFacts } from '../observe.ts';
import { pipeWithIdleLimit } from './idle-guard.ts';
import { toHeaderLookup } from './node-headers.ts';
import { toTargetPath } from './target-path.ts';
import { readNodeBody } from './read-node-body.ts';
import type { UpstreamSender } from './upstream-sender.ts';

/** What the fast path needs: the shared upstream connection pool, the app's token verifier, the access log. */
export interface McpFastPathDeps {
  send: UpstreamSender;
  verifyToken?: VerifyAccessToken;
  note(req: IncomingMessage, facts: RequestFacts): void;
}

/** The upstream's response head as the client gets it: the kept headers (lower case), CORS, the request's id. */
function toClientHead(upstream: IncomingMessage, origin: string | null, requestId: string): string[] {
  const head: string[] = [];
  const raw = upstream.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (isClientHeader(name)) head.push(name, raw[i + 1]!);
  }
  if (origin) for (const [name, value] of Object.entries(toCorsHeaders(origin))) head.push(name, value);
  head.push(REQUEST_ID_HEADER, requestId);
  return head;
}

/**
 * The Node fast path of the MCP endpoint: a POST to `/mcp` or `/.well-known/mcp` takes the app's steps (the origin,
 * then proxy/mcp/admit.ts: the message, its headers, the credential; then the upstream, its refusals and its
 * headers, proxy/mcp/forward-upstream.ts) in node:http's own terms: the body read from the request's events, the
 * upstream asked through the shared keep-alive pool, its answer piped to the client. No web Request, Headers,
 * Response or stream is built around the exchange (most of a forwarded request's CPU time, measured in
 * BENCHMARKS.md). Refusals are rendered by the same renderer. Everything else on the MCP paths (GET streams,
 * DELETE, OPTIONS, other methods, other spellings of the path) is the app's: this returns false for it.
 */
export function createMcpFastPath(config: AppConfig, deps: McpFastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const url = toUpstreamUrl(config);
  const idleError = toIdleCause(config);

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const headers = toHeaderLookup(req);
    const requestId = toRequestId(headers);
    const tell: Tell = (facts) => deps.note(req, facts);
    tell({ requestId });
    const origin = headers.get('origin');
    try {
      requireAllowedOrigin(config, origin);
      const input = { method: 'POST', headers, readBody: (limit: number) => readNodeBody(req, res, limit) };
      const { body, id } = await admitMcpRequest(config, deps.verifyToken, input, tell);
      const report = toUpstreamReport(url, tell);
      let upstream: IncomingMessage;
      try {
        upstream = await deps.send({ method: 'POST', url, headers: toUpstreamHeaders(headers, Object.keys(req.headers), requestId), body, client: res });
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        report({ error: error.reason });
        throw toUpstreamFailure(error, id);
      }
      const status = upstream.statusCode ?? 502;
      report({ status });
      if (isUpstreamRefusal(status)) {
        // Read the (small) refusal body to its end: the keep-alive connection then stays reusable.
        upstream.resume();
        throw toUpstreamRefusal(config, status, upstream.headers['www-authenticate'], id);
      }
      if (res.destroyed) return void upstream.destroy();
      res.writeHead(status, toClientHead(upstream, origin, requestId));
      if (isBodyless(status, 'POST')) {
        upstream.resume();
        return void res.end();
      }
      const onIdle = () => report({ status, error: idleError });
      pipeWithIdleLimit(upstream, res, { idleMs: config.upstreamIdleTimeoutMs, cleanEnd: isEventStreamType(upstream.headers['content-type']), onIdle });
    } catch (error) {
      // The client left, or node:http already answered a body whose framing broke (proxy/node/client-error.ts).
      if (res.headersSent || res.destroyed) return;
      // A failure inside is the app's onError's -32603 (proxy/errors/render-error.ts), its cause for the log only.
      if (!(error instanceof McpError)) tell({ cause: toFailureCause(error) });
      const { status, headers: answerHeaders, body } =
        error instanceof McpError ? toRefusalAnswer(config, error, origin, tell) : toMcpErrorAnswer(config.errors, toInternalMcpError());
      res.writeHead(status, { ...answerHeaders, [REQUEST_ID_HEADER]: requestId });
      res.end(JSON.stringify(body));
    }
  };

  return (req, res) => {
    if (req.method !== 'POST' || !MCP_PATHS.includes(toTargetPath(req.url))) return false;
    void answer(req, res);
    return true;
  };
}
