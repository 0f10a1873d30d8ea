import type { ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '../../runtime/http/request-id.ts';
import type { AppConfig } from '../config.ts';
import { isBodyless, UpstreamError } from '../forward/forwarder.ts';
import { IdleWatch, type EndIdle } from '../forward/idle-watch.ts';
import { toRelayHead } from '../forward/relay-head.ts';
import { STREAMED_ERROR, toIdleCause } from '../mcp/forward-upstream.ts';
import type { Forward } from '../plan/plan.ts';
import { toStatusText } from '../../runtime/http/status-text.ts';
import type { UpstreamCallbacks, UpstreamControl } from './upstream-pool.ts';

/** What the relay answers with besides the upstream's bytes. */
export interface RelayContext {
  /** The planned request, whose id and origin a refusal and CORS need. */
  forward: Forward;
  requestId: string;
  /** Notes for the access log the upstream's status or failure (proxy/mcp/forward-upstream.ts: toUpstreamNote). */
  noteUpstream(facts: { status?: number; error?: string }): void;
  /** Answers in the endpoint's error shape: an McpError, or an UpstreamError (→ 502 or 504). */
  refuse(error: unknown): void;
}

/**
 * Relays one upstream answer to the client as it arrives, as proxy/forward/relay-head.ts decides for every door: a
 * 401 or 403 becomes the gate's refusal, an error labelled as an event stream a 502, the kept headers go back with
 * CORS, the agent links and the request's id, and the body goes through chunk by chunk (SSE events one by one, MCP
 * Streamable HTTP). `start` sends the request.
 *
 * The head is written with the body's first bytes, not before: a body that is malformed from its first byte (it
 * fails in the same packet as the head) is then answered 502 while nothing has gone to the client, and an answer
 * that arrives whole goes out as one write. A slow client pauses the upstream, and the idle limit with it; how a
 * body the upstream lets go idle ends is the idle watch's rule (proxy/forward/idle-watch.ts). A client that leaves
 * drops the upstream request, sent or still waiting for a connection.
 */
export function relayAnswer(
  config: AppConfig,
  res: ServerResponse,
  context: RelayContext,
  start: (callbacks: UpstreamCallbacks) => UpstreamControl,
): void {
  // The client left while its request was checked: nothing is sent upstream.
  if (res.destroyed) return;
  let control: UpstreamControl | undefined;
  let status = 0;
  let head: string[] = [];
  let watch: IdleWatch | undefined;
  let draining = false;
  /** 'waiting' for a head; 'refused' (answered in the gate's shape); 'relaying' the body; 'over'. */
  let state: 'waiting' | 'refused' | 'relaying' | 'over' = 'waiting';

  const onIdle: EndIdle = (brokenBy) => {
    state = 'over';
    context.noteUpstream({ status, error: toIdleCause(config) });
    control?.abort(new UpstreamError('timeout', toIdleCause(config)));
    if (!res.headersSent) res.writeHead(status, toStatusText(status), head);
    if (brokenBy) res.destroy(brokenBy);
    else res.end();
  };
  const onDrain = () => {
    draining = false;
    watch?.resume();
    control?.resume();
  };
  res.on('error', () => {});
  res.once('close', () => {
    // A refusal's own small body is left to the pool to read, so its connection stays reusable.
    if (state === 'over' || state === 'refused') return;
    state = 'over';
    watch?.stop();
    control?.abort(new Error('the client left'));
  });

  control = start({
    onHead: (upstreamStatus, headers) => {
      if (state !== 'waiting') return;
      context.noteUpstream({ status: upstreamStatus });
      const decided = toRelayHead(config, context.forward, upstreamStatus, Object.entries(headers));
      if (decided.kind === 'refused') {
        // The (small) refusal body is read to its end by the pool: the keep-alive connection stays reusable.
        state = 'refused';
        return context.refuse(decided.error);
      }
      if (decided.kind === 'invalid') {
        // Dropped rather than read: a stream may never end.
        state = 'over';
        control?.abort(new UpstreamError('unreachable', STREAMED_ERROR));
        context.noteUpstream({ status: upstreamStatus, error: STREAMED_ERROR });
        return context.refuse(decided.error);
      }
      status = upstreamStatus;
      head = [...Object.entries(decided.headers).flat(), REQUEST_ID_HEADER, context.requestId];
      if (!isBodyless(status, context.forward.method)) {
        watch = new IdleWatch(config.upstreamIdleTimeoutMs, decided.contentType, onIdle);
        watch.start();
      }
      state = 'relaying';
    },
    onData: (chunk) => {
      if (state !== 'relaying') return;
      if (!res.headersSent) res.writeHead(status, toStatusText(status), head);
      watch?.touch();
      // undici may hand over a chunk or two more after a pause: one wait for the drain covers them.
      if (!res.write(chunk) && !draining) {
        draining = true;
        watch?.hold();
        control?.pause();
        res.once('drain', onDrain);
      }
    },
    onEnd: () => {
      if (state !== 'relaying') return;
      state = 'over';
      watch?.stop();
      if (!res.headersSent) res.writeHead(status, toStatusText(status), head);
      res.end();
    },
    onError: (error) => {
      if (state === 'over' || state === 'refused') return;
      state = 'over';
      watch?.stop();
      if (res.headersSent) {
        context.noteUpstream({ status, error: error.reason });
        return void res.destroy();
      }
      // Nothing went to the client yet (the head arrived or not): answered as the app answers it (502 or 504).
      context.noteUpstream({ error: error.reason });
      context.refuse(error);
    },
  });
}
