import { getContent } from '../../../content-model/content.ts';
import { toMcpManifest } from '../../../documents/to-mcp-manifest.ts';
import { toJsonResponse } from '../../../documents/json-response.ts';

export const GET = () => toJsonResponse(toMcpManifest(getContent()));
