/** Past this many characters a shown body is cut, and the panel says so. */
export const SHOWN_LIMIT = 200_000;

/** A response body as the panel shows it: JSON pretty-printed, an SSE stream as the JSON-RPC messages it carries. */
export function toShownBody(contentType: string, text: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  let shown = text;
  if (type === 'text/event-stream') {
    shown = toEventData(text)
      .map((m) => prettyJson(m))
      .join('\n\n');
  } else if (/[/+]json$/.test(type)) {
    shown = prettyJson(text);
  }
  return shown.length > SHOWN_LIMIT ? `${shown.slice(0, SHOWN_LIMIT)}\n… (${shown.length - SHOWN_LIMIT} more characters not shown)` : shown;
}

/** The data of each event of a server-sent event stream: in MCP Streamable HTTP, one JSON-RPC message each. */
export function toEventData(text: string): string[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n'),
    )
    .filter(Boolean);
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
