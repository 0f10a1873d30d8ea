import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { bindServer } from './bind-server.ts';
import { toNodeHandler, type H3 } from 'h3';
import { answerClientError, type ClientError } from './client-error.ts';
import { refuseConnect } from '../../runtime/node/refuse-connect.ts';
import { drainAbandonedBody } from './unread-body.ts';

/** A listening Node server for an app, with its URL and a close that ends open connections too. */
export interface Listening {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** What a Node entry may add around the app: hooks that see each exchange (access log, metrics). */
export interface ListenOptions {
  /** Answers a request before the app, when it returns true (GET /metrics on the public port, when asked for). */
  intercept?(req: IncomingMessage, res: ServerResponse): boolean;
  /** Called for each request before the app sees it. */
  onRequest?(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Answers a request in Node's own terms instead of the app, when it returns true (the static fast path); it gets
   * the app's Node handler, to hand over a request it cannot finish.
   */
  createFastPath?(app: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Called with the status of every malformed request, and every CONNECT, answered without reaching the app. */
  onClientError?(status: number, error: ClientError): void;
}

/**
 * The response of the latest request on each connection, for a parse error in the middle of its body; one that is
 * finished or gone no longer counts (read when the error comes, rather than a listener on every response). Kept on the
 * socket under a key of this module rather than in a WeakMap, whose entry per request the collector must trace.
 */
const LATEST = Symbol('latest response');
type Tracked = Socket & { [LATEST]?: ServerResponse };

/** Serves the app's fetch handler on HOST:PORT with node:http (port 0 picks a free one). */
export async function listen(app: H3, host: string, port: number, options: ListenOptions = {}): Promise<Listening> {
  const nodeHandler = toNodeHandler(app);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // Only a request with Content-Length or Transfer-Encoding has a body (RFC 9112 §6.3). A fast path that reads one
    // arranges the same itself (proxy/node/read-node-body.ts).
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) drainAbandonedBody(req, res);
    void nodeHandler(req, res);
  };
  const fastPath = options.createFastPath?.(handle);
  const inFlight = (socket: Socket) => {
    const res = (socket as Tracked)[LATEST];
    return res && !res.writableFinished && !res.destroyed ? res : undefined;
  };
  const refused = new WeakSet<Socket>();
  const server = createServer((req, res) => {
    if (options.intercept?.(req, res)) return;
    (req.socket as Tracked)[LATEST] = res;
    options.onRequest?.(req, res);
    if (fastPath?.(req, res)) return;
    handle(req, res);
  });
  // A malformed request gets its status and Connection: close; a client that reset gets nothing. Never a crash.
  server.on('clientError', (error: ClientError, socket: Socket) => {
    if (refused.has(socket)) return; // llhttp reports each later packet of a refused connection again
    refused.add(socket);
    answerClientError(error, socket, inFlight(socket), (status) => options.onClientError?.(status, error));
  });
  // CONNECT never reaches the request handler: without this listener node:http destroys its socket unanswered.
  server.on('connect', (req: IncomingMessage, socket: Socket) => refuseConnect(req, socket, options.onClientError));
  return { server, ...(await bindServer(server, host, port)) };
}
