import { getContent } from '../../content/content.ts';
import { toToolsList } from '../../lib/to-tools-list.ts';
import { toJsonResponse } from '../../lib/json-response.ts';

// Contract §4.2 rule 1: the same tools as the JSON-RPC tools/list result.
export const GET = () => toJsonResponse(toToolsList(getContent().tools));
