// A Warden tool called by an agent in the browser, as the Try it panel calls it: a tools/call to the same-host
// endpoint with the token of the person's own sign-in, never another credential (contract AUTH-2: tool calls need OAuth).
import type { WardenWebMcpTool } from '../../../documents/to-webmcp-tools.ts';
import { toEventData } from '../../../runtime/try-it/read-response.ts';
import { forgetToken, readToken } from '../try-it/held-token.ts';
import { askPerson } from './ask-person.ts';

const failed = (text: string): WebMcpToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** How the person signs in: on the tool's own page, whose Try it panel starts the sign-in. */
const signInHow = (tool: WardenWebMcpTool) =>
  `Ask the person to open ${new URL(tool.page, location.origin).href} and choose "Sign in to try" in its Try it panel ` +
  `(the Warden sign-in page opens and returns to the panel), then call ${tool.name} again. Only the person can sign in.`;

/** The JSON-RPC messages of an answer: one JSON body, or the events of a stream. */
function readMessages(contentType: string, text: string): Array<Record<string, unknown>> {
  const bodies = contentType.startsWith('text/event-stream') ? toEventData(text) : [text];
  return bodies.flatMap((body) => {
    try {
      return [JSON.parse(body) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** Calls `tool` with `input` for the signed-in person; every outcome is a tool result, never a thrown error. */
export async function callWardenTool(
  tool: WardenWebMcpTool,
  input: Record<string, unknown>,
  options: WebMcpExecuteOptions = {},
): Promise<WebMcpToolResult> {
  const token = readToken();
  if (!token)
    return failed(`Not signed in: ${tool.name} runs as the person signed in on this docs site, and no one is. ${signInHow(tool)}`);
  if (!tool.annotations.readOnlyHint) {
    const allowed = await askPerson(
      {
        title: `Allow ${tool.name}?`,
        text: `An agent in this browser asks to call ${tool.name} (${tool.title}) on Warden as you, with this input. It changes your account's state.`,
        input,
      },
      options,
    );
    if (!allowed) return failed(`The person did not allow this call of ${tool.name}; nothing was sent.`);
  }
  const params = { ...(tool.call.request.params as Record<string, unknown>), arguments: input };
  const request: Record<string, unknown> = { ...tool.call.request, params };
  let response: Response;
  let text: string;
  try {
    response = await fetch(tool.call.url, {
      method: 'POST',
      headers: { ...tool.call.headers, Authorization: `Bearer ${token.accessToken}` },
      body: JSON.stringify(request),
      signal: options.signal,
    });
    text = await response.text();
  } catch {
    return failed(`${tool.call.url} could not be reached from this browser: the service is not running or not reachable.`);
  }
  if (response.status === 401) {
    forgetToken();
    return failed(`The person's sign-in is no longer accepted (it expired or was revoked). ${signInHow(tool)}`);
  }
  const answer = readMessages(response.headers.get('content-type') ?? '', text).find((m) => m.id === request.id);
  if (answer?.result) return answer.result as WebMcpToolResult;
  const error = answer?.error as { code?: number; message?: string } | undefined;
  if (error) return failed(`${tool.name} failed: JSON-RPC error ${error.code}: ${error.message}`);
  return failed(`${tool.call.url} answered HTTP ${response.status} without a tools/call result.`);
}
