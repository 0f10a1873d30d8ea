import type { McpConnect } from './to-mcp-connect.ts';

/** One entry of a page's "Use with AI" menu: a link to open, or a command to copy. */
export type PageMenuEntry = { kind: 'link'; label: string; href: string } | { kind: 'command'; label: string; command: string };

/** The prompt the assistants open with: read this page's markdown twin, then answer about it. */
export const toAssistantPrompt = (twinUrl: string): string => `Read ${twinUrl} so I can ask questions about it.`;

/**
 * The menu people use to bring a page to an assistant or the MCP server to their editor, in the query formats each
 * documents: ChatGPT `chatgpt.com/?q=`, Claude `claude.ai/new?q=`, Perplexity `www.perplexity.ai/search?q=`, and
 * the Cursor and VS Code install links (to-mcp-connect.ts); then the two one-line commands.
 */
export function toPageMenu(twinUrl: string, mcp: McpConnect): PageMenuEntry[] {
  const q = encodeURIComponent(toAssistantPrompt(twinUrl));
  return [
    { kind: 'link', label: 'Open in ChatGPT', href: `https://chatgpt.com/?q=${q}` },
    { kind: 'link', label: 'Open in Claude', href: `https://claude.ai/new?q=${q}` },
    { kind: 'link', label: 'Open in Perplexity', href: `https://www.perplexity.ai/search?q=${q}` },
    { kind: 'link', label: 'Connect to Cursor', href: mcp.cursorLink },
    { kind: 'link', label: 'Connect to VS Code', href: mcp.vscodeLink },
    { kind: 'command', label: 'Claude Code', command: mcp.claudeCommand },
    { kind: 'command', label: 'Any MCP client (add-mcp)', command: mcp.addMcpCommand },
  ];
}
