import type { IncomingMessage, ServerResponse } from 'node:http';
import { toContentCoding, type Coding } from '../../runtime/http/content-coding.ts';
import { REQUEST_ID_HEADER } from '../../runtime/http/request-id.ts';
import type { RequestFacts } from '../observability/request-facts.ts';
import { toWritten, type HeaderRecord, type StaticAnswer } from '../static/file-answer.ts';
import { toVariant } from '../static/negotiate.ts';
import type { StaticPlanner } from '../static/serve-static.ts';
import { toHeaderLookup } from './node-headers.ts';
import { toNodeRequestId } from './node-request-id.ts';

// Only paths that need no decoding and hold no dot segment: anything else takes the app's full path checks.
const PLAIN_PATH = /^\/[A-Za-z0-9._~/-]*$/;
const DOT_SEGMENT = /\/\.\.?(\/|$)/;
// Answers are remembered per path, then per variant and coding; the table is bounded because paths are the client's:
// past this many answers it starts over.
const MAX_REMEMBERED = 16_384;
/** Where an answer sits in its path's list: markdown or HTML, times identity, gzip or br. */
const slot = (markdown: boolean, coding: Coding | undefined): number =>
  (markdown ? 3 : 0) + (coding === 'br' ? 2 : coding === 'gzip' ? 1 : 0);

/** Whether a path of the static route is one the planner takes as it is, with no decoding or dot segments to resolve. */
const isPlainPath = (path: string): boolean => PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path) && !path.includes('//');

/** A remembered answer with its head as node:http takes it fastest: a flat [name, value, …] list, for 200 and for 304. */
interface Prepared {
  answer: StaticAnswer;
  head: string[];
  notModifiedHead: string[];
}

const flat = (headers: HeaderRecord): string[] => Object.entries(headers).flat();

/**
 * The Node fast path for static documents (the `static` route, GET and HEAD): the static planner's answer written
 * with node:http's writeHead/end, skipping the web Request and Response the app's adapter would build for a small
 * file. The answer is remembered per path, variant and coding, so both paths send the same bytes; 304, HEAD and the
 * request id are applied per request as the app does. Anything else returns false for the app to answer, and a
 * request the planner fails on goes to `fallback` (the app).
 */
export function createStaticFastPath(
  planner: StaticPlanner,
  note: (req: IncomingMessage, facts: RequestFacts) => void,
  fallback: (req: IncomingMessage, res: ServerResponse) => void,
) {
  const answers = new Map<string, (Prepared | undefined)[]>();
  let remembered = 0;
  const prepare = (answer: StaticAnswer): Prepared => ({
    answer,
    head: flat(answer.headers),
    notModifiedHead: answer.etag ? flat(toWritten(answer, 'GET', answer.etag).headers) : [],
  });

  const write = (req: IncomingMessage, res: ServerResponse, { answer, head, notModifiedHead }: Prepared) => {
    const requestId = toNodeRequestId(toHeaderLookup(req));
    note(req, answer.variant ? { requestId, variant: answer.variant } : { requestId });
    const ifNoneMatch = req.headers['if-none-match'];
    // toWritten decides 304 and HEAD, as for the app; the heads were flattened from its answers once.
    const written = ifNoneMatch || req.method === 'HEAD' ? toWritten(answer, req.method!, ifNoneMatch) : answer;
    res.writeHead(written.status, [...(written.status === 304 ? notModifiedHead : head), REQUEST_ID_HEADER, requestId]);
    res.end(written.body as Uint8Array | null);
  };

  return (req: IncomingMessage, res: ServerResponse, path: string): boolean => {
    const markdown = toVariant(req.headers.accept) === 'markdown';
    const coding = toContentCoding(req.headers['accept-encoding']);
    const at = slot(markdown, coding);
    // Only a plain path is ever remembered, so a remembered answer needs no second look at its path.
    const known = answers.get(path)?.[at];
    if (known) {
      write(req, res, known);
      return true;
    }
    if (!isPlainPath(path)) return false;
    // The planner reads the in-memory table: it settles at once. Its answer is remembered before it is written.
    void planner({ method: 'GET', path, accept: markdown ? 'text/markdown' : null, acceptEncoding: coding ?? null }).then(
      (answer) => {
        if (remembered >= MAX_REMEMBERED) {
          answers.clear();
          remembered = 0;
        }
        let list = answers.get(path);
        if (!list) {
          list = Array.from({ length: 6 });
          answers.set(path, list);
        }
        const prepared = prepare(answer);
        if (!list[at]) remembered++;
        list[at] = prepared;
        write(req, res, prepared);
      },
      () => fallback(req, res),
    );
    return true;
  };
}
