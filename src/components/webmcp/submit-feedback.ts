// submit_feedback in the page: the agent's report goes to this site's own edge as the page's form sends one, naming
// its door (`webmcp`), with the input the docs MCP server's tool takes (one definition). Nothing is asked of the
// person: the report speaks for the agent, as one it could send without a browser, and touches no account of theirs.
import { sendReport } from '../feedback/send-report.ts';

/** Sends the report; the receipt as an MCP tool result (text and structured), or the edge's refusal as an error. */
export async function submitFeedback(input: Record<string, unknown>, options: WebMcpExecuteOptions = {}): Promise<WebMcpToolResult> {
  const sent = await sendReport(input, 'webmcp', options.signal);
  if (sent.ok) return { content: [{ type: 'text', text: JSON.stringify(sent.receipt) }], structuredContent: sent.receipt };
  const text =
    sent.status === 0
      ? `${location.origin} could not be reached from this browser; nothing was sent.`
      : `${sent.code ?? `HTTP ${sent.status}`}: ${sent.detail}`;
  return { content: [{ type: 'text', text }], isError: true };
}
