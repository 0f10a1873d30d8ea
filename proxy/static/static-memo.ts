import { toContentCoding } from '../../runtime/http/content-coding.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { Answer } from '../plan/plan.ts';
import { toAcceptChoice, toPageVariant, toVariant } from './negotiate.ts';

// Only paths that need no decoding and hold no dot segment: anything else takes the planner's full path checks.
const PLAIN_PATH = /^\/[A-Za-z0-9._~/-]*$/;
const DOT_SEGMENT = /\/\.\.?(\/|$)/;
/** Remembered answers, at most; paths are the client's, so past this many the table starts over. */
const MAX_REMEMBERED = 16_384;

/** Where an answer sits in its path's list: HTML or markdown, times identity, gzip or br. */
const slot = (markdown: boolean, coding: string | undefined): number =>
  (markdown ? 3 : 0) + (coding === 'br' ? 2 : coding === 'gzip' ? 1 : 0);

/**
 * Remembers the static route's answers over files held in memory, which never change while the process runs: a
 * GET or HEAD of a plain path depends only on the path, the variant and the coding Accept-Encoding chooses
 * (proxy/static/serve-static.ts), so each is planned once, finished once (`finish`) and then answered as it is, at
 * once. 304 and HEAD are applied per request when it is written. The variant is Accept's, except for a page when
 * Accept leaves it open: then the user agent's (negotiate.ts toPageVariant), looked up only for such a page, which
 * its remembered answer tells (a page's answer names its variant; another path's does not).
 */
export function createStaticMemo(
  route: (request: EdgeRequest) => Promise<Answer>,
  finish: (answer: Answer) => Answer,
  isAiAgent?: (userAgent: string) => boolean,
) {
  const answers = new Map<string, (Answer | undefined)[]>();
  let remembered = 0;
  return (request: EdgeRequest): Answer | Promise<Answer> => {
    const path = request.path;
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !PLAIN_PATH.test(path) ||
      DOT_SEGMENT.test(path) ||
      path.includes('//')
    ) {
      return route(request);
    }
    const accept = request.headers.get('accept');
    const coding = toContentCoding(request.headers.get('accept-encoding'));
    const list = answers.get(path);
    let markdown: boolean;
    if (toAcceptChoice(accept) !== 'open') markdown = toVariant(accept) === 'markdown';
    else {
      const plain = list?.[slot(false, coding)];
      markdown =
        plain !== undefined && plain.variant === undefined
          ? false
          : toPageVariant(accept, request.headers.get('user-agent'), isAiAgent) === 'markdown';
    }
    const known = list?.[slot(markdown, coding)];
    if (known) return known;
    return route(request).then((answer) => {
      // Kept where the planner's own choice puts it: a page under its variant, any other path under Accept's.
      const at = slot(answer.variant ? answer.variant === 'markdown' : toVariant(accept) === 'markdown', coding);
      if (remembered >= MAX_REMEMBERED) {
        answers.clear();
        remembered = 0;
      }
      let kept = answers.get(path);
      if (!kept) {
        kept = Array.from({ length: 6 });
        answers.set(path, kept);
      }
      const finished = finish(answer);
      if (!kept[at]) remembered++;
      kept[at] = finished;
      return finished;
    });
  };
}
