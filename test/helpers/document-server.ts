import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What a test's server answers at one path: a JSON document, or a status with a body. */
export type Answer = unknown | { status: number; body?: unknown };

/** A request the server received, for checking what a client sent. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback HTTP server for one test file whose answers each test sets (`server.answers`), and what it was sent. */
export function useDocumentServer(): { readonly origin: string; answers: Record<string, Answer>; seen: SeenRequest[] } {
  let server: Server;
  const state = { origin: '', answers: {} as Record<string, Answer>, seen: [] as SeenRequest[] };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => {
          state.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
          const answer = state.answers[`${req.method} ${req.url}`] ?? state.answers[req.url ?? ''];
          if (answer === undefined) return void res.writeHead(404).end();
          const { status, body } =
            answer && typeof answer === 'object' && 'status' in answer
              ? (answer as { status: number; body?: unknown })
              : { status: 200, body: answer };
          res
            .writeHead(status, { 'content-type': 'application/json' })
            .end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
        });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  return state;
}
