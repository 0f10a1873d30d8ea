import type { ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '../../runtime/http/request-id.ts';
import type { AppConfig } from '../config.ts';
import { isBodyless, UpstreamError } from '../forward/forwarder.ts';
import { IdleWatch, type EndIdle } from '../forward/idle-watch.ts';
import { toCorsHeaders } from '../mcp/cors.ts';
import { isStreamedError, isUpstreamRefusal, STREAMED_ERROR, toIdleCause, toUpstreamRefusal } from '../mcp/forward-upstream.ts';
import { isClientHeader } from '../mcp/upstream-headers.ts';
import { toAgentLinks } from '../static/agent-links.ts';
import type { UpstreamCallbacks, UpstreamControl } from './upstream-pool.ts';

type UpstreamHeaders = Record<string, string | string[] | undefined>;

/** The upstream's response head as the client gets it: the kept headers, CORS, the request's id. */
function toClientHead(upstream: UpstreamHeaders, origin: string | null, requestId: string, links: string): string[] {
  const head: string[] = [];
  for (const name in upstream) {
    const value = upstream[name];
    if (value === undefined || !isClientHeader(name)) continue;
    if (typeof value === 'string') head.push(name, value);
    else for (const line of value) head.push(name, line);
  }
  if (origin) for (const [name, value] of Object.entries(toCorsHeaders(origin))) head.push(name, value);
  head.push(REQUEST_ID_HEADER, requestId, 'link', links);
  return head;
}

/** What the relay answers with besides the upstream's bytes. */
export interface RelayContext {
  origin: string | null;
  requestId: string;
  /** The JSON-RPC id an upstream refusal carries. */
  id: string | number | null;
  /** Notes for the access log the upstream's status or failure (proxy/mcp/forward-upstream.ts: toUpstreamNote). */
  noteUpstream(facts: { status?: number; error?: string }): void;
  /** Answers in the app's error shape: an McpError, or an UpstreamError (→ 502 or 504). */
  refuse(error: unknown): void;
}

/**
 * Relays one upstream answer to the client as it arrives, in the app's terms (proxy/mcp/forward-upstream.ts): a
 * 401 or 403 becomes the gate's refusal, an error labelled as an event stream a 502, the kept headers go back with
 * CORS and the request's id, and the body goes through chunk by chunk (SSE events one by one, MCP Streamable HTTP).
 * `start` sends the request.
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
    if (!res.headersSent) res.writeHead(status, head);
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
      if (isUpstreamRefusal(upstreamStatus)) {
        // The (small) refusal body is read to its end by the pool: the keep-alive connection stays reusable.
        state = 'refused';
        const challenge = headers['www-authenticate'];
        return context.refuse(
          toUpstreamRefusal(config, upstreamStatus, Array.isArray(challenge) ? challenge.join(', ') : challenge, context.id),
        );
      }
      const type = headers['content-type'];
      const contentType = Array.isArray(type) ? type[0] : type;
      if (isStreamedError(upstreamStatus, contentType)) {
        // Never passed on (proxy/mcp/forward-upstream.ts), and dropped rather than read: a stream may never end.
        state = 'over';
        const invalid = new UpstreamError('unreachable', STREAMED_ERROR);
        control?.abort(invalid);
        context.noteUpstream({ status: upstreamStatus, error: STREAMED_ERROR });
        return context.refuse(invalid);
      }
      status = upstreamStatus;
      head = toClientHead(headers, context.origin, context.requestId, toAgentLinks(config.baseUrl));
      if (!isBodyless(status, 'POST')) {
        watch = new IdleWatch(config.upstreamIdleTimeoutMs, contentType, onIdle);
        watch.start();
      }
      state = 'relaying';
    },
    onData: (chunk) => {
      if (state !== 'relaying') return;
      if (!res.headersSent) res.writeHead(status, head);
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
      if (!res.headersSent) res.writeHead(status, head);
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
