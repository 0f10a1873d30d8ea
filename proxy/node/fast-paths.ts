import type { IncomingMessage, ServerResponse } from 'node:http';
import { toTargetPath } from '../../runtime/node/target-path.ts';
import { toRoute, type RouteKind } from '../routes.ts';

/** A handler in node:http's own terms, handed the request's path (no query): true when it took the request, false to leave it to the app. */
export type FastPath = (req: IncomingMessage, res: ServerResponse, path: string) => boolean;

/**
 * The Node server's fast paths, chosen by the route table (proxy/routes.ts): a request whose route has a fast path
 * for its method goes to it, every other request to the app. The fast paths answer as the app does, which
 * test/proxy/fast-path-parity.test.ts checks for every route that has one.
 */
export function createFastPaths(fastPaths: Partial<Record<RouteKind, FastPath>>): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const path = toTargetPath(req.url);
    const route = toRoute(path);
    const fastPath = fastPaths[route.kind];
    return fastPath !== undefined && route.fastMethods.includes(req.method!) && fastPath(req, res, path);
  };
}
