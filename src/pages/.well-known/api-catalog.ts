import { getContent } from '../../../content-model/content.ts';
import { API_CATALOG_TYPE, toApiCatalog } from '../../../documents/to-api-catalog.ts';
import { toJsonResponse } from '../../../documents/json-response.ts';

// RFC 9727 §3: the registered well-known address.
export const GET = () => toJsonResponse(toApiCatalog(getContent()), API_CATALOG_TYPE);
