import { getContent } from '../../../content/content.ts';
import { toProtectedResource } from '../../../lib/to-protected-resource.ts';
import { toJsonResponse } from '../../../lib/json-response.ts';
import { PATHS } from '../../../lib/paths.ts';

// RFC 9728 §3.1: path-inserted metadata for the resource <base>/mcp.
export const GET = () => toJsonResponse(toProtectedResource(getContent(), PATHS.mcp));
