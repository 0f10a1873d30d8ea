import { getContent } from '../../../content/content.ts';
import { toMcpServerJson } from '../../../lib/to-mcp-server-card.ts';
import { toJsonResponse } from '../../../lib/json-response.ts';

// The MCP Registry's server.json for the remote server, published beside the server card.
export const GET = () => toJsonResponse(toMcpServerJson(getContent()));
