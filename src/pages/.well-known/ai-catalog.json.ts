import { getContent } from '../../../content-model/content.ts';
import { toAiCatalog } from '../../../documents/to-ai-catalog.ts';
import { toJsonResponse } from '../../../documents/json-response.ts';

// The AI Catalog (Agentic Resource Discovery): the MCP server and the Agent Skill, each pointing at its own document.
export const GET = () => toJsonResponse(toAiCatalog(getContent()));
