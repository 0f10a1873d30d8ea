import { getContent } from '../../../../content-model/content.ts';
import { toProtectedResource } from '../../../../documents/to-protected-resource.ts';
import { toJsonResponse } from '../../../../documents/json-response.ts';

// Served at /.well-known/oauth-protected-resource through REWRITES (facts/paths.ts).
export const GET = () => toJsonResponse(toProtectedResource(getContent()));
