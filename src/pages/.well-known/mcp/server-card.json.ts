import { getContent } from '../../../content/content.ts';
import { toMcpServerCard } from '../../../lib/to-mcp-server-card.ts';
import { toJsonResponse } from '../../../lib/json-response.ts';

// SEP-2127 server card, at the address Mintlify and Cloudflare serve theirs.
export const GET = () => toJsonResponse(toMcpServerCard(getContent()));
