import { getContent } from '../content/content.ts';
import { toOpenApi } from '../lib/to-openapi.ts';
import { toJsonResponse } from '../lib/json-response.ts';

export const GET = () => toJsonResponse(toOpenApi(getContent()));
