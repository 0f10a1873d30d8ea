import type { VerifyAccessToken } from '../../../runtime/auth/access-token.ts';
import { isFeedbackId } from '../../../runtime/feedback/digest.ts';
import { FEEDBACK_VIEWS } from '../../../runtime/feedback/feedback-paths.ts';
import { PATHS } from '../../../facts/paths.ts';
import type { AppConfig } from '../../config.ts';
import type { EdgeRequest } from '../../edge-request.ts';
import { createProblemError } from '../../errors/http-errors.ts';
import { type Answer, toTextAnswer } from '../../plan/plan.ts';
import { toRouteKey } from '../../routes.ts';
import type { SiteFiles } from '../../static/static-files.ts';
import type { Tally } from '../../../runtime/feedback/tally.ts';
import type { FeedbackDeps } from './feedback-deps.ts';
import { STATUSES } from './list-params.ts';
import { createOperatorGate } from './operator-gate.ts';
import { createOperatorViews } from './operator-views.ts';
import { readJsonBody } from './read-json-body.ts';
import { callStore } from './store-call.ts';
import { createReportTaker, createSubmitReport, type ReportTaker } from './submit-report.ts';

const COLLECTION_METHODS = 'GET, HEAD, POST, OPTIONS';
const REPORT_METHODS = 'GET, HEAD, PATCH, DELETE, OPTIONS';
const VIEW_METHODS = 'GET, HEAD, OPTIONS';

/**
 * OPTIONS names the methods (RFC 9110 §9.3.7) and nothing of CORS: the site's own pages are same-origin and need no
 * preflight, and a preflight from any other origin fails for want of `Access-Control-Allow-Origin`, so no browser on
 * another site can send JSON here (Fetch standard §4.8).
 */
const toOptions = (allow: string): Answer => ({ status: 204, headers: { allow }, body: null });

/** What the feedback routes are built from: the store and limits of this runtime, the tally, and the token verifier. */
export interface FeedbackRouteDeps {
  feedback?: FeedbackDeps & { tally?: Tally };
  verifyToken?: VerifyAccessToken;
  /** The one report taker of this app, shared with the docs MCP server's submit_feedback; made here when not given. */
  take?: ReportTaker;
}

/**
 * The `feedback` route (proxy/routes.ts): a report in (`POST /api/feedback`, public), its status out
 * (`GET /api/feedback/<id>`, public), and the operator's view behind the operator gate (the list, a report's status
 * set or the report deleted, the gaps, the traffic). Without a store on this runtime every call is a 503.
 */
export function createFeedbackRoute(config: AppConfig, files: SiteFiles, deps: FeedbackRouteDeps) {
  const { errors } = config;
  const { feedback } = deps;
  const refuseMethod = (allow: string) => createProblemError(errors, 'method_not_allowed', { headers: { allow } });
  if (!feedback) {
    return async (): Promise<Answer> => {
      throw createProblemError(errors, 'feedback_store_unavailable', {
        detail: 'This edge runs without a feedback store.',
        headers: { 'retry-after': '30' },
      });
    };
  }
  const submit = createSubmitReport(config, deps.take ?? createReportTaker(config, files, feedback));
  const gate = createOperatorGate(config, deps.verifyToken);
  const views = createOperatorViews(config, files, feedback);
  const now = feedback.now ?? Date.now;
  const view = (read: (request: EdgeRequest) => Promise<Answer>) => async (request: EdgeRequest) => {
    if (request.method === 'OPTIONS') return toOptions(VIEW_METHODS);
    if (request.method !== 'GET' && request.method !== 'HEAD') throw refuseMethod(VIEW_METHODS);
    await gate(request);
    return read(request);
  };
  const gaps = view(views.gaps);
  const traffic = view(views.traffic);

  const report = async (request: EdgeRequest, id: string): Promise<Answer> => {
    const missing = () => createProblemError(errors, 'feedback_not_found', { detail: `No report has the id ${id}.` });
    switch (request.method) {
      case 'OPTIONS':
        return toOptions(REPORT_METHODS);
      case 'GET':
      case 'HEAD': {
        // Public: anyone holding the id (it is unguessable) may learn where the report stands, and nothing more.
        const status = await callStore(errors, () => feedback.store.getStatus(id));
        if (!status) throw missing();
        return toTextAnswer(200, 'application/json', JSON.stringify(status), { 'access-control-allow-origin': '*' });
      }
      case 'PATCH': {
        await gate(request);
        const body = (await readJsonBody(errors, request, 1024)) as Record<string, unknown> | null;
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          throw createProblemError(errors, 'feedback_body_invalid', {
            detail: 'The body must be one JSON object, such as {"status":"resolved"}.',
          });
        }
        if (typeof body.status !== 'string' || !STATUSES.includes(body.status)) {
          throw createProblemError(errors, 'feedback_field_invalid', {
            detail: `status: must be one of ${STATUSES.join(', ')}.`,
            field: 'status',
          });
        }
        const status = await callStore(errors, () => feedback.store.setStatus(id, body.status as string, new Date(now())));
        if (!status) throw missing();
        return toTextAnswer(200, 'application/json', JSON.stringify(status));
      }
      case 'DELETE': {
        await gate(request);
        if (!(await callStore(errors, () => feedback.store.remove(id)))) throw missing();
        return { status: 204, headers: {}, body: null };
      }
      default:
        throw refuseMethod(REPORT_METHODS);
    }
  };

  return async (request: EdgeRequest): Promise<Answer> => {
    const key = toRouteKey(request.path);
    if (key === PATHS.feedback) {
      if (request.method === 'OPTIONS') return toOptions(COLLECTION_METHODS);
      if (request.method === 'POST') return submit(request);
      if (request.method === 'GET' || request.method === 'HEAD') {
        await gate(request);
        return views.list(request);
      }
      throw refuseMethod(COLLECTION_METHODS);
    }
    if (key === FEEDBACK_VIEWS.gaps) return gaps(request);
    if (key === FEEDBACK_VIEWS.traffic) return traffic(request);
    const id = key.slice(PATHS.feedback.length + 1);
    if (isFeedbackId(id)) return report(request, id);
    throw createProblemError(errors, 'not_found');
  };
}
