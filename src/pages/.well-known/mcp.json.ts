import { getContent } from '../../content/content.ts';
import { toMcpManifest } from '../../lib/to-mcp-manifest.ts';
import { toJsonResponse } from '../../lib/json-response.ts';

export const GET = () => toJsonResponse(toMcpManifest(getContent()));
