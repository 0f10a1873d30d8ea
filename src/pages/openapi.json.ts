import { getContent } from '../../content-model/content.ts';
import { toOpenApi } from '../../documents/to-openapi.ts';
import { toJsonResponse } from '../../documents/json-response.ts';

export const GET = () => toJsonResponse(toOpenApi(getContent()));
