import type { AppConfig } from '../config.ts';
import type { EdgeRequest } from '../edge-request.ts';
import { type Forwarder, UpstreamError } from '../forward/forwarder.ts';
import { toRelayHead } from '../forward/relay-head.ts';
import { toMcpFailureAnswer } from '../mcp/failure-answer.ts';
import { STREAMED_ERROR, toIdleCause, toUpstreamFailure, toUpstreamNote } from '../mcp/forward-upstream.ts';
import type { Answer, Forward } from '../plan/plan.ts';

/**
 * Sends a planned upstream request over the web door's forwarder (fetch in the worker, the pool in `npm run dev`)
 * and returns the answer as it streams: SSE events reach the client one by one (MCP Streamable HTTP), within the
 * forwarder's idle limit. What the client gets of the upstream's head is decided by proxy/forward/relay-head.ts,
 * as on Node; an unreachable or too slow upstream is -31502 or -31504. A refusal comes back finished by `finish`.
 */
export async function relayWeb(
  config: AppConfig,
  forward: Forwarder,
  plan: Forward,
  request: EdgeRequest,
  signal: AbortSignal,
  finish: (answer: Answer) => Answer,
): Promise<Answer> {
  const noteUpstream = toUpstreamNote(plan.url, request.note);
  const refuse = (error: unknown) => finish(toMcpFailureAnswer(config, error, plan.origin, request.note));
  // Lets the upstream go when its answer is dropped here: cancelling a body nobody began to read does not reach the
  // Node forwarder's socket.
  const drop = new AbortController();
  let upstream: Response;
  try {
    const idle = { ms: config.upstreamIdleTimeoutMs, onIdle: (status: number) => noteUpstream({ status, error: toIdleCause(config) }) };
    const headers = new Headers(plan.headers);
    upstream = await forward({
      method: plan.method,
      url: plan.url,
      headers,
      body: plan.body,
      signal: AbortSignal.any([signal, drop.signal]),
      idle,
    });
  } catch (error) {
    // The client left (its request's signal aborted the exchange): nobody reads this answer, and nothing failed.
    if (signal.aborted) return { status: 499, headers: {}, body: null };
    if (!(error instanceof UpstreamError)) throw error;
    noteUpstream({ error: error.reason });
    return refuse(toUpstreamFailure(error, plan.id));
  }
  noteUpstream({ status: upstream.status });
  const head = toRelayHead(config, plan, upstream.status, upstream.headers.entries());
  if (head.kind === 'refused') {
    // Read the (small) refusal body to its end: the keep-alive connection then stays reusable.
    await upstream.arrayBuffer().catch(() => {});
    return refuse(head.error);
  }
  if (head.kind === 'invalid') {
    // Dropped, not read: a stream may never end.
    drop.abort();
    noteUpstream({ status: upstream.status, error: STREAMED_ERROR });
    return refuse(head.error);
  }
  return { status: head.status, headers: head.headers, body: upstream.body };
}
