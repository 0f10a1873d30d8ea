import { getContent } from '../../../../content-model/content.ts';
import { toMcpServerJson } from '../../../../documents/to-mcp-server-card.ts';
import { toJsonResponse } from '../../../../documents/json-response.ts';

// The MCP Registry's server.json for the remote server, published beside the server card.
export const GET = () => toJsonResponse(toMcpServerJson(getContent()));
