import { getContent } from '../../../content-model/content.ts';
import { toDeveloperCatalog } from '../../../documents/to-developer-catalog.ts';
import { toJsonResponse } from '../../../documents/json-response.ts';

export const GET = () => toJsonResponse(toDeveloperCatalog(getContent()));
