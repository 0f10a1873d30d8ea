import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { Exchange } from '../../runtime/node/exchange.ts';
import type { RequestFacts } from './request-facts.ts';
import { toRoute } from '../routes.ts';
import { createReadCounter, createRequestCounter, createRouteHistogram } from './request-counts.ts';

/**
 * An upstream failure reason as a small label: its code (`ECONNREFUSED`, `HPE_…`, `UND_ERR_SOCKET` of
 * `UND_ERR_SOCKET: other side closed`, `HTTPParserError`), `timeout`, `idle`, or `other`.
 */
export function toCauseLabel(reason: string): string {
  const code = /^(timeout|[A-Z][A-Za-z0-9_]{2,40})(?::|$)/.exec(reason)?.[1];
  if (code) return code;
  return reason.startsWith('idle') ? 'idle' : 'other';
}

const SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The edge's metrics in the Prometheus text format, with the process's own (memory, event-loop lag; prom-client's defaults). */
export interface EdgeMetrics {
  /** The exposition's media type. */
  contentType: string;
  /** Every metric as one exposition text. */
  render(): Promise<string>;
  /** Counts one finished request with what was noted about it. */
  record(exchange: Exchange, facts: RequestFacts): void;
  /** Counts a malformed request answered before the app saw it. */
  recordClientError(status: number): void;
}

/**
 * Creates the edge's instruments: the ones every request moves counted by hand (request-counts.ts), the ones only
 * forwarded requests move and the process's own in a prom-client registry.
 */
export function createEdgeMetrics(): EdgeMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const requests = createRequestCounter('warden_http_requests_total', 'Requests answered, by route kind and status.');
  const duration = createRouteHistogram(
    'warden_http_request_duration_seconds',
    'Time from a request to its last response byte, by route kind.',
    SECONDS,
  );
  const reads = createReadCounter(
    'warden_reads_total',
    "Requests by the reader's category and family (the crawler-user-agents list's name, browser or other) and the kind of document.",
  );
  const upstreamDuration = new Histogram({
    name: 'warden_upstream_response_seconds',
    help: "Time to the upstream's response headers.",
    labelNames: ['status'],
    buckets: SECONDS,
    registers,
  });
  const upstreamErrors = new Counter({
    name: 'warden_upstream_errors_total',
    help: 'Forwarded requests the upstream failed, by cause.',
    labelNames: ['cause'],
    registers,
  });
  const tokens = new Counter({
    name: 'warden_token_verifications_total',
    help: 'Access-token checks, by result (valid or the refusal code).',
    labelNames: ['result'],
    registers,
  });
  return {
    contentType: registry.contentType,
    render: async () => `${requests.toText()}\n\n${duration.toText()}\n\n${reads.toText()}\n\n${await registry.metrics()}`,
    record(exchange, facts) {
      // The route table's kind (few and fixed, so the label stays small); `malformed` below for unparsed requests.
      const route = toRoute(exchange.path).kind;
      requests.inc(route, exchange.status);
      duration.observe(route, exchange.ms / 1000);
      if (facts.docKind) reads.inc(facts.agentCategory!, facts.agent!, facts.docKind);
      if (facts.token) tokens.inc({ result: facts.token });
      const upstream = facts.upstream;
      if (upstream?.status !== undefined) upstreamDuration.observe({ status: String(upstream.status) }, upstream.ms / 1000);
      if (upstream?.error) upstreamErrors.inc({ cause: toCauseLabel(upstream.error) });
    },
    recordClientError(status) {
      requests.inc('malformed', status);
    },
  };
}
