import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { toLineWriter } from '../../runtime/node/create-logger.ts';
import { watchExchange, type Exchange } from '../../runtime/node/exchange.ts';
import type { RequestFacts } from './request-facts.ts';
import type { ClientError } from '../node/client-error.ts';
import type { EdgeMetrics } from './metrics.ts';

/**
 * Where a request's facts are kept: on the request itself, under a key of this module, rather than in a WeakMap whose
 * entry per request every young-generation collection would have to trace.
 */
const FACTS = Symbol('request facts');
type Noted = IncomingMessage & { [FACTS]?: RequestFacts };

/**
 * A string as JSON text. Most values need no escape (methods, plain paths, request ids), so they are quoted directly
 * rather than through JSON.stringify. Anything JSON escapes (quote, backslash, control characters) and any surrogate,
 * which JSON.stringify writes as an escape when it is unpaired, goes through JSON.stringify.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON must escape, so they are matched on purpose
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;
const toJsonText = (value: string): string => (PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));

/**
 * A duration in hundredths of a millisecond (runtime/node/exchange.ts rounds it so) as JSON writes the number, from
 * integers: the text of a fractional number is the costliest part of a line to make.
 */
function toHundredthsText(ms: number): string {
  // Past about a thousand years the integers lose hundredths; JSON.stringify then also writes what is not a number.
  if (!(ms >= 0 && ms < 1e12)) return JSON.stringify(ms);
  const hundredths = Math.round(ms * 100);
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths - whole * 100;
  if (fraction === 0) return `${whole}`;
  return fraction % 10 === 0 ? `${whole}.${fraction / 10}` : `${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/** `,"name":value` as JSON, or nothing for a value that is not there (as pino leaves out undefined fields). */
const field = (name: string, value: string | number | undefined): string =>
  value === undefined ? '' : `,"${name}":${typeof value === 'string' ? toJsonText(value) : JSON.stringify(value)}`;

/**
 * The fields of one access log line as JSON text: the exchange and what was noted about it, never a header value, query
 * or body. Status, ms and bytes are finite numbers by construction (runtime/node/exchange.ts), written as they are.
 */
export function toAccessFields(exchange: Exchange, facts: RequestFacts): string {
  const { upstream } = facts;
  const head = `${field('req_id', facts.requestId)},"method":${toJsonText(exchange.method)},"path":${toJsonText(exchange.path)},"status":${exchange.status},"ms":${toHundredthsText(exchange.ms)},"bytes":${exchange.bytes}`;
  return (
    (exchange.aborted ? `${head},"aborted":true` : head) +
    field('variant', facts.variant) +
    field('agent', facts.agent) +
    field('agent_category', facts.agentCategory) +
    field('doc_kind', facts.docKind) +
    field('mcp_method', facts.mcpMethod) +
    field('tool', facts.tool) +
    field('token', facts.token) +
    field('upstream', upstream?.address) +
    field('upstream_status', upstream?.status) +
    field('upstream_ms', upstream?.ms) +
    field('cause', facts.cause ?? upstream?.error)
  );
}

/**
 * The edge's access log and metrics: one line per request when its response is over (`info`, or `error` with the
 * cause for a 5xx), from the exchange node:http saw and the facts the routes noted about it (`note`).
 */
export function createRequestLog(logger: Logger, metrics?: EdgeMetrics) {
  const writeLine = toLineWriter(logger);
  /** What the routes learned about a request (proxy/node/node-request.ts hands it on). */
  const note = (req: IncomingMessage, learned: RequestFacts) => {
    const known = (req as Noted)[FACTS];
    if (known) Object.assign(known, learned);
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const known: RequestFacts = {};
    (req as Noted)[FACTS] = known;
    watchExchange(req, res, (exchange) => {
      metrics?.record(exchange, known);
      const failed = exchange.status >= 500;
      const level = failed ? 'error' : 'info';
      if (logger.isLevelEnabled(level)) writeLine(level, toAccessFields(exchange, known), failed ? 'request failed' : 'request');
    });
  };
  const onClientError = (status: number, error: ClientError) => {
    metrics?.recordClientError(status);
    logger.info({ status, cause: error.code }, 'malformed request refused');
  };
  return { note, onRequest, onClientError };
}
