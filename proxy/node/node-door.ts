import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../config.ts';
import type { Answerer } from '../create-answerer.ts';
import { UpstreamError } from '../forward/forwarder.ts';
import { toMcpFailureAnswer } from '../mcp/failure-answer.ts';
import { toUpstreamFailure, toUpstreamNote } from '../mcp/forward-upstream.ts';
import type { Forward, Plan } from '../plan/plan.ts';
import { withSharedHeaders } from '../plan/shared-headers.ts';
import { NodeEdgeRequest, type NoteNodeRequest } from './node-request.ts';
import { relayAnswer } from './relay-answer.ts';
import type { UpstreamDispatch } from './upstream-pool.ts';
import { writeAnswer } from './write-answer.ts';

/** What the Node door needs besides the routes: the upstream connection pool and the access log. */
export interface NodeDoorDeps {
  dispatch: UpstreamDispatch;
  note: NoteNodeRequest;
}

const isPromise = (value: Plan | Promise<Plan>): value is Promise<Plan> => typeof (value as Promise<Plan>).then === 'function';

/**
 * The Node door (`npm start`, `npm run serve`): every request is read as an EdgeRequest, planned by the routes
 * (proxy/create-answerer.ts), and written in node:http's own terms (proxy/node/write-answer.ts); a planned upstream
 * request goes over the keep-alive pool and its answer is relayed as it arrives (proxy/node/relay-answer.ts). No web
 * Request, Response or stream is built around an exchange.
 */
export function createNodeDoor(
  config: AppConfig,
  answer: Answerer,
  deps: NodeDoorDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const relay = (request: NodeEdgeRequest, forward: Forward) => {
    const { res } = request;
    /** A refusal or failure answered in the endpoint's shape, unless an answer has begun or the client left. */
    const refuse = (error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      const failure = error instanceof UpstreamError ? toUpstreamFailure(error, forward.id) : error;
      writeAnswer(
        res,
        withSharedHeaders(config, 'mcp', toMcpFailureAnswer(config, failure, forward.origin, request.note)),
        request.requestId,
      );
    };
    const context = { forward, requestId: request.requestId, noteUpstream: toUpstreamNote(forward.url, request.note), refuse };
    const { method, url, headers, body } = forward;
    relayAnswer(config, res, context, (callbacks) => deps.dispatch({ method, url, headers, body }, callbacks));
  };
  const write = (request: NodeEdgeRequest, plan: Plan) => {
    // The client left, or node:http already answered a body whose framing broke (proxy/node/client-error.ts).
    if (request.res.headersSent || request.res.destroyed) return;
    if (plan.kind === 'forward') relay(request, plan);
    else writeAnswer(request.res, plan, request.requestId);
  };
  return (req, res) => {
    const request = new NodeEdgeRequest(req, res, deps.note);
    const plan = answer(request);
    if (isPromise(plan))
      plan.then(
        (settled) => write(request, settled),
        () => res.destroy(),
      );
    else write(request, plan);
  };
}
