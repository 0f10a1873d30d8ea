import type { Operation } from '../../content-model/schemas/operation.ts';
import type { Tool } from '../../content-model/schemas/tool.ts';
import { PATHS, toUrl } from '../../facts/paths.ts';
import { toToolCallHeaders, toToolCallRequest } from '../to-tool-call-example.ts';
import { toExampleUrl } from '../to-example-url.ts';

/** What the Try it panel sends: the page's documented example, as a request from the browser. */
export interface TryItRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The JSON body, pretty-printed (the reader may edit it); absent for a request without one. */
  body?: string;
  /** Whether the request needs an access token (tools/call), so the panel offers to sign in first. */
  needsToken: boolean;
}

/** The request an operation's examples make: its method and URL, and its request body example. */
export function toOperationTryIt(op: Operation, baseUrl: string): TryItRequest {
  const url = toExampleUrl(op, baseUrl);
  const media = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
  if (!media) return { method: op.method.toUpperCase(), url, headers: {}, needsToken: false };
  const [type, { example }] = media;
  return {
    method: op.method.toUpperCase(),
    url,
    headers: { 'Content-Type': type, Accept: 'application/json, text/event-stream' },
    body: JSON.stringify(example ?? {}, null, 2),
    // The documented body of an MCP path is a public method (tools/list); tools/call is for the tool pages.
    needsToken: false,
  };
}

/** The `tools/call` a tool page documents, on the same-host tool endpoint, in protocol era `version`. */
export function toToolTryIt(tool: Tool, baseUrl: string, version: string): TryItRequest {
  return {
    method: 'POST',
    url: toUrl(baseUrl, PATHS.mcp),
    headers: toToolCallHeaders(tool, version),
    body: JSON.stringify(toToolCallRequest(tool, version), null, 2),
    needsToken: true,
  };
}
