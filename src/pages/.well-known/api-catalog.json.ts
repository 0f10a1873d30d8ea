import { getContent } from '../../../content-model/content.ts';
import { API_CATALOG_TYPE, toApiCatalog } from '../../../documents/to-api-catalog.ts';
import { toJsonResponse } from '../../../documents/json-response.ts';

// Contract ENDPOINT-7 names this address; same bytes as /.well-known/api-catalog.
export const GET = () => toJsonResponse(toApiCatalog(getContent()), API_CATALOG_TYPE);
