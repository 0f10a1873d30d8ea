import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { bindServer } from './bind-server.ts';
import { answerClientError, type ClientError } from './client-error.ts';
import { refuseConnect } from '../../runtime/node/refuse-connect.ts';

/** A listening Node server, with its URL and a close that ends open connections too. */
export interface Listening {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** What a Node entry may add around the door: hooks that see each exchange (access log, metrics). */
export interface ListenOptions {
  /** Answers a request before the door, when it returns true (GET /metrics on the public port, when asked for). */
  intercept?(req: IncomingMessage, res: ServerResponse): boolean;
  /** Called for each request before the door sees it. */
  onRequest?(req: IncomingMessage, res: ServerResponse): void;
  /** Called with the status of every malformed request, and every CONNECT, answered without reaching the door. */
  onClientError?(status: number, error: ClientError): void;
}

/**
 * The response of the latest request on each connection, for a parse error in the middle of its body; one that is
 * finished or gone no longer counts (read when the error comes, rather than a listener on every response). Kept on the
 * socket under a key of this module rather than in a WeakMap, whose entry per request the collector must trace.
 */
const LATEST = Symbol('latest response');
type Tracked = Socket & { [LATEST]?: ServerResponse };

/** Serves a request handler (the Node door, proxy/node/node-door.ts) on HOST:PORT with node:http (port 0 picks a free one). */
export async function listen(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  host: string,
  port: number,
  options: ListenOptions = {},
): Promise<Listening> {
  const inFlight = (socket: Socket) => {
    const res = (socket as Tracked)[LATEST];
    return res && !res.writableFinished && !res.destroyed ? res : undefined;
  };
  const refused = new WeakSet<Socket>();
  const server = createServer((req, res) => {
    if (options.intercept?.(req, res)) return;
    (req.socket as Tracked)[LATEST] = res;
    options.onRequest?.(req, res);
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
