import { getContent } from '../../../../content-model/content.ts';
import { toProtectedResource } from '../../../../documents/to-protected-resource.ts';
import { toJsonResponse } from '../../../../documents/json-response.ts';
import { PATHS } from '../../../../facts/paths.ts';

// RFC 9728 §3.1: path-inserted locations for the two same-host endpoint paths, for clients that look there
// before (or instead of) following the 401 challenge. Same document as the root one.
export const getStaticPaths = () =>
  [PATHS.protectedResourceMcp, PATHS.protectedResourceWellKnownMcp].map((path) => ({
    params: { resource: path.slice(`${PATHS.protectedResource}/`.length) },
  }));

export const GET = () => toJsonResponse(toProtectedResource(getContent()));
