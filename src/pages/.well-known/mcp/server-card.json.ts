import { getContent } from '../../../../content-model/content.ts';
import { toMcpServerCard } from '../../../../documents/to-mcp-server-card.ts';
import { toJsonResponse } from '../../../../documents/json-response.ts';

// SEP-2127 server card, at the address Mintlify and Cloudflare serve theirs.
export const GET = () => toJsonResponse(toMcpServerCard(getContent()));
