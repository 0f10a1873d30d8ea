import { getContent } from '../../content/content.ts';
import { API_CATALOG_TYPE, toApiCatalog } from '../../lib/to-api-catalog.ts';
import { toJsonResponse } from '../../lib/json-response.ts';

// RFC 9727 §3: the registered well-known address.
export const GET = () => toJsonResponse(toApiCatalog(getContent()), API_CATALOG_TYPE);
