import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import { REQUEST_ID_HEADER } from '../../runtime/http/request-id.ts';
import type { AppConfig } from '../config.ts';
import { UpstreamError } from '../forward/forwarder.ts';
import { admitMcpRequest } from '../mcp/admit.ts';
import { requireAllowedOrigin } from '../mcp/cors.ts';
import { toMcpFailureAnswer } from '../mcp/failure-answer.ts';
import { toUpstreamFailure, toUpstreamNote, toUpstreamUrl } from '../mcp/forward-upstream.ts';
import { toUpstreamHeaders } from '../mcp/upstream-headers.ts';
import type { Note, RequestFacts } from '../observability/request-facts.ts';
import { toHeaderLookup } from './node-headers.ts';
import { toNodeRequestId } from './node-request-id.ts';
import { readNodeBody } from './read-node-body.ts';
import { relayAnswer } from './relay-answer.ts';
import type { UpstreamDispatch } from './upstream-pool.ts';

/** What the fast path needs: the upstream connection pool, the app's token verifier, the access log. */
export interface McpFastPathDeps {
  dispatch: UpstreamDispatch;
  verifyToken?: VerifyAccessToken;
  note(req: IncomingMessage, facts: RequestFacts): void;
}

/**
 * The Node fast path of the MCP endpoint, for the route table's `mcp` route and its fast method (POST): it takes the app's steps (the origin,
 * then proxy/mcp/admit.ts: the message, its headers, the credential; then the upstream, its refusals and its
 * headers, proxy/mcp/forward-upstream.ts) in node:http's own terms: the body read from the request's events, the
 * upstream asked through the keep-alive pool (proxy/node/upstream-pool.ts), its answer relayed to the client as it
 * arrives (proxy/node/relay-answer.ts). No web Request, Headers, Response or stream is built around the exchange
 * (most of a forwarded request's CPU time, measured in BENCHMARKS.md). Refusals and failures are answered by the app's
 * own function (proxy/mcp/failure-answer.ts).
 * Everything else on the MCP paths (GET streams, DELETE, OPTIONS) is the app's.
 */
export function createMcpFastPath(config: AppConfig, deps: McpFastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const url = toUpstreamUrl(config);

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const headers = toHeaderLookup(req);
    const requestId = toNodeRequestId(headers);
    const note: Note = (facts) => deps.note(req, facts);
    note({ requestId });
    const origin = headers.get('origin');
    /** A refusal or failure answered as the app answers it, unless an answer has begun or the client left. */
    const refuse = (error: unknown) => {
      // The client left, or node:http already answered a body whose framing broke (proxy/node/client-error.ts).
      if (res.headersSent || res.destroyed) return;
      const { status, headers: answerHeaders, body } = toMcpFailureAnswer(config, error, origin, note);
      res.writeHead(status, { ...answerHeaders, [REQUEST_ID_HEADER]: requestId });
      res.end(JSON.stringify(body));
    };
    try {
      requireAllowedOrigin(config, origin);
      const input = { method: 'POST', headers, readBody: (limit: number) => readNodeBody(req, res, limit) };
      const { body, id } = await admitMcpRequest(config, deps.verifyToken, input, note);
      const noteUpstream = toUpstreamNote(url, note);
      const upstreamHeaders = toUpstreamHeaders(headers, Object.keys(req.headers), requestId);
      const relay = {
        origin,
        requestId,
        id,
        noteUpstream,
        refuse: (error: unknown) => refuse(error instanceof UpstreamError ? toUpstreamFailure(error, id) : error),
      };
      relayAnswer(config, res, relay, (callbacks) => deps.dispatch({ url, headers: upstreamHeaders, body: body! }, callbacks));
    } catch (error) {
      refuse(error);
    }
  };

  return (req, res) => {
    void answer(req, res);
    return true;
  };
}
