/**
 * What a route decides for a request, before any runtime writes it: every route returns a plan, and exactly two
 * writers turn plans into bytes, one for node:http (proxy/node/node-door.ts) and one for a web Response
 * (proxy/create-app.ts, for the worker and `npm run dev`). What every answer carries is added in one place each:
 * when it is planned (proxy/plan/shared-headers.ts) and when it is written (proxy/plan/written.ts).
 */

/** Header name (lower case) → value; a list-valued field comma-joined, as RFC 9110 §5.3 allows. */
export type HeaderRecord = Record<string, string>;

/** An answer: its status, headers and body, the same on every runtime. */
export interface Answer {
  kind?: 'answer';
  status: number;
  headers: HeaderRecord;
  body: Uint8Array | ReadableStream<Uint8Array> | null;
  /** The entity tag of what is sent, for If-None-Match (RFC 9110 §13.1.2); absent, no answer is conditional. */
  etag?: string;
  /** The negotiated representation of a page, for the access log (contract NEGOTIATE-1). */
  variant?: 'html' | 'markdown';
}

/** A request for the upstream hosted tool endpoint (contract ENDPOINT-14: `<app_url>/mcp`), and what its relayed answer needs. */
export interface Forward {
  kind: 'forward';
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
  /** The JSON-RPC id a refusal of the upstream's answer carries. */
  id: string | number | null;
  /** The allowed browser origin the relayed answer carries CORS headers for (null: none). */
  origin: string | null;
}

/** Every route's decision. */
export type Plan = Answer | Forward;

/** A plan now, or once the route has read what it needs (a body, a file from an asset store). */
export type PlanResult = Plan | Promise<Plan>;

/** Adds a member to a list-valued header (RFC 9110 §5.3). */
export function appendHeader(headers: HeaderRecord, name: string, value: string): void {
  headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
}

const UTF8 = new TextEncoder();

/** An answer with a text body, its length given. */
export function toTextAnswer(status: number, type: string, text: string, headers: HeaderRecord = {}): Answer {
  const body = UTF8.encode(text);
  return { status, headers: { ...headers, 'content-type': type, 'content-length': String(body.byteLength) }, body };
}
