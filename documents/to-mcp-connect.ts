import { PATHS, toUrl } from '../facts/paths.ts';

/** How an MCP client connects to this service's endpoint: the one-line commands and install links people use. */
export interface McpConnect {
  /** The same-host Streamable HTTP endpoint, `<base_url>/mcp`. */
  url: string;
  /** The name clients list the server under. */
  name: string;
  /** Claude Code's command for a remote HTTP server. */
  claudeCommand: string;
  /** add-mcp (npm), which writes the entry into whichever supported clients it finds. */
  addMcpCommand: string;
  /** The local stdio bridge, for clients that start a command (the CLI must be installed). */
  stdioCommand: string;
  /** Cursor's install link: the server's mcp.json entry, JSON then base64 (cursor.com/docs/mcp/install-links). */
  cursorLink: string;
  /** VS Code's install link: the server's configuration as URL-encoded JSON after `vscode:mcp/install?`. */
  vscodeLink: string;
}

/** Base64 of a text's UTF-8 bytes, without Buffer (this runs in the build and in the browser's bundle alike). */
function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The connection facts of an MCP endpoint, from the base URL and the name its clients know it by (the CLI's binary name). */
export function toMcpConnect(baseUrl: string, name: string): McpConnect {
  const url = toUrl(baseUrl, PATHS.mcp);
  return {
    url,
    name,
    claudeCommand: `claude mcp add --transport http ${name} ${url}`,
    addMcpCommand: `npx add-mcp ${url}`,
    stdioCommand: `claude mcp add ${name} -- ${name} mcp`,
    cursorLink: `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(toBase64(JSON.stringify({ url })))}`,
    vscodeLink: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url }))}`,
  };
}
