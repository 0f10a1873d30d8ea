import { getContent } from '../../../content/content.ts';
import { toProtectedResource } from '../../../lib/to-protected-resource.ts';
import { toJsonResponse } from '../../../lib/json-response.ts';

// Served at /.well-known/oauth-protected-resource through REWRITES (facts/paths.ts).
export const GET = () => toJsonResponse(toProtectedResource(getContent()));
