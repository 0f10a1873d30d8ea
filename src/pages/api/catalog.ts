import { getContent } from '../../content/content.ts';
import { toDeveloperCatalog } from '../../lib/to-developer-catalog.ts';
import { toJsonResponse } from '../../lib/json-response.ts';

export const GET = () => toJsonResponse(toDeveloperCatalog(getContent()));
