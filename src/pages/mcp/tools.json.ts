import { getContent } from '../../../content-model/content.ts';
import { toToolsList } from '../../../documents/to-tools-list.ts';
import { toJsonResponse } from '../../../documents/json-response.ts';

// Contract DOC-6, RPC-1: the same tools as the JSON-RPC tools/list result.
export const GET = () => toJsonResponse(toToolsList(getContent().tools));
