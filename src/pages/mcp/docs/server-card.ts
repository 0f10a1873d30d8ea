import { getContent } from '../../../../content-model/content.ts';
import { toDocsServerCard } from '../../../../documents/to-docs-server-card.ts';
import { toJsonResponse } from '../../../../documents/json-response.ts';
import { CONTENT_TYPE_BY_PATH } from '../../../../facts/content-types.ts';
import { PATHS } from '../../../../facts/paths.ts';

// The docs MCP server's card, where the server card extension reserves it: the endpoint's URL + /server-card.
export const GET = () => toJsonResponse(toDocsServerCard(getContent()), CONTENT_TYPE_BY_PATH[PATHS.mcpDocsServerCard]);
