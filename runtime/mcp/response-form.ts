import type { McpAccept } from './mcp-accept.ts';

/** The JSON-RPC response among the events of an SSE body (notifications before it are dropped). */
function toLastResponse(sse: string): string | undefined {
  let found: string | undefined;
  for (const event of sse.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) continue;
    try {
      const message = JSON.parse(data) as Record<string, unknown>;
      if ('result' in message || 'error' in message) found = data;
    } catch {
      // Not JSON: not a JSON-RPC message.
    }
  }
  return found;
}

/**
 * Gives the client the response form it accepts (Streamable HTTP lets the server pick either): an SSE answer to
 * a JSON-only client becomes its JSON-RPC response; a successful JSON answer to an SSE-only client becomes one SSE
 * event. An error answer is always JSON: an event-stream client fails any answer but 200 (HTML Living Standard:
 * EventSource), and a GET's refusal is a 405, not a stream (MCP Streamable HTTP); a client that takes neither form
 * gets JSON too, as RFC 9110 §12.5.1 lets a server disregard Accept rather than answer 406.
 */
export async function toAcceptedForm(response: Response, accept: McpAccept): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (type.startsWith('text/event-stream') && (!accept.sse || !response.ok)) {
    const message = toLastResponse(await response.text());
    if (message === undefined && response.ok) return new Response(null, { status: 202, headers: new Headers() });
    if (message === undefined) {
      headers.delete('content-type');
      return new Response(null, { status: response.status, headers });
    }
    headers.set('content-type', 'application/json');
    return new Response(message, { status: response.status, headers });
  }
  if (type.startsWith('application/json') && accept.sse && !accept.json && response.ok) {
    headers.set('content-type', 'text/event-stream');
    headers.set('cache-control', 'no-cache');
    return new Response(`event: message\ndata: ${await response.text()}\n\n`, { status: response.status, headers });
  }
  return response;
}
