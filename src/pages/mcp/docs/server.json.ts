import { getContent } from '../../../../content-model/content.ts';
import { toDocsServerJson } from '../../../../documents/to-docs-server-card.ts';
import { toJsonResponse } from '../../../../documents/json-response.ts';

// The MCP Registry's server.json for the docs MCP server, published beside its card.
export const GET = () => toJsonResponse(toDocsServerJson(getContent()));
