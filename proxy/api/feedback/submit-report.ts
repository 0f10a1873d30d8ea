import { toReportPath } from '../../../runtime/feedback/feedback-paths.ts';
import { createClientKeys, toDay } from '../../../runtime/feedback/client-key.ts';
import { toPageDigest, toSha256 } from '../../../runtime/feedback/digest.ts';
import type { FeedbackStore } from '../../../runtime/feedback/feedback-store.ts';
import { toFeedbackPage } from '../../../runtime/feedback/page-address.ts';
import { createReportReader, FeedbackInputError, type FeedbackSource } from '../../../runtime/feedback/read-report.ts';
import { scrubText } from '../../../runtime/feedback/scrub.ts';
import type { Schema } from '@cfworker/json-schema';
import type { AppConfig } from '../../config.ts';
import type { EdgeRequest } from '../../edge-request.ts';
import { createProblemError } from '../../errors/http-errors.ts';
import { type Answer, toTextAnswer } from '../../plan/plan.ts';
import type { SiteFiles } from '../../static/static-files.ts';
import type { FeedbackDeps } from './feedback-deps.ts';
import { readJsonBody } from './read-json-body.ts';
import { callStore } from './store-call.ts';

/** The sources the site's own pages may name (`?source=`): the form at the foot of a page, and the pages' WebMCP tool. */
const PAGE_SOURCES: ReadonlySet<string> = new Set(['page', 'webmcp']);

/** A report as the submit_feedback tools pass it in (the same record, from another door). */
export interface ReportSubmission {
  value: unknown;
  source: FeedbackSource;
  /** Who sent it, for the limits: the address as the edge sees it. */
  address: string;
}

/** The twin's bytes of a page of the build, or undefined when there is no such page. */
async function readTwin(files: SiteFiles, twin: string): Promise<Uint8Array | undefined> {
  const file = await files.get(twin);
  if (!file) return undefined;
  return file.body instanceof Uint8Array ? file.body : new Uint8Array(await new Response(file.body).arrayBuffer());
}

/**
 * Takes one report from any door: validated against the FeedbackReport schema, tied to the page as served (its twin's
 * digest), cleaned (no e-mail address or token-like string kept), counted against the client's limits, and stored;
 * resolves with the receipt once the store committed it. Every refusal is a problem with its own code.
 */
export function createReportTaker(config: AppConfig, files: SiteFiles, deps: FeedbackDeps) {
  const read = createReportReader(config.feedback.reportSchema as Schema);
  const clientKey = createClientKeys(deps.store);
  const now = deps.now ?? Date.now;
  const { errors } = config;
  const refuse = (error: FeedbackInputError) => createProblemError(errors, error.code, { detail: error.detail, field: error.field });
  return async (submission: ReportSubmission) => {
    let report: ReturnType<typeof read>;
    try {
      report = read(submission.value);
    } catch (error) {
      if (error instanceof FeedbackInputError) throw refuse(error);
      throw error;
    }
    const page = toFeedbackPage(report.page, config.baseUrl);
    const twin = page && (await readTwin(files, page.twin));
    if (!page || !twin) {
      throw refuse(
        new FeedbackInputError('feedback_page_unknown', `page: ${report.page.slice(0, 200)} is not a page of these docs.`, 'page'),
      );
    }
    const comment = report.comment === null ? null : scrubText(report.comment.trim()) || null;
    if (report.helpful === null && comment === null) {
      throw refuse(new FeedbackInputError('feedback_content_missing', 'Send helpful (true or false), comment, or both.'));
    }
    const at = now();
    const store: FeedbackStore = deps.store;
    const client = await callStore(errors, () => clientKey(submission.address, at));
    const fields = {
      page: page.path,
      source: submission.source,
      helpful: report.helpful,
      kind: report.kind,
      section: report.section ?? page.fragment,
      comment,
      agent: report.agent === null ? null : report.agent.trim() || null,
    };
    // The same report from the same client on the same day is the one already kept: a retry gets its receipt again
    // and is not counted against the limits.
    const fingerprint = await toSha256(JSON.stringify([fields, client, toDay(at)]));
    let kept = await callStore(errors, () => store.findByFingerprint(fingerprint));
    if (!kept) {
      const decision = await callStore(errors, () => deps.limiter.take(client, at));
      if (!decision.allowed) {
        throw createProblemError(errors, 'feedback_rate_limited', {
          detail: `Too many reports from this client; send again in ${decision.retryAfter} seconds.`,
          headers: { 'retry-after': String(decision.retryAfter) },
        });
      }
      const pageDigest = await toPageDigest(twin);
      kept = await callStore(errors, () => store.add({ ...fields, pageDigest, fingerprint }, new Date(at)));
    }
    const statusUrl = `${config.baseUrl}${toReportPath(kept.id)}`;
    return {
      id: kept.id,
      status: kept.status,
      status_url: statusUrl,
      ...(report.unknownFields.length > 0 ? { unknown_fields: report.unknownFields } : {}),
    };
  };
}

/** The address a request came from: the configured proxy header's first entry, else the connection's. */
export function toClientAddress(config: AppConfig, request: EdgeRequest): string {
  const forwarded = config.clientAddressHeader ? request.headers.get(config.clientAddressHeader) : null;
  return forwarded?.split(',')[0]?.trim() || request.clientAddress();
}

/**
 * `POST /api/feedback`: a report from a person's page (`?source=page`), the pages' WebMCP tool (`?source=webmcp`) or
 * any agent (`agent`). A browser on another site is refused (its Origin names it); the site's own pages may say which
 * of their doors sent it. 202 with the receipt and `Location`, once stored.
 */
export function createSubmitReport(config: AppConfig, take: ReturnType<typeof createReportTaker>) {
  const site = new URL(config.baseUrl).origin;
  return async (request: EdgeRequest): Promise<Answer> => {
    const origin = request.headers.get('origin');
    if (origin !== null && origin !== site) {
      throw createProblemError(config.errors, 'feedback_origin_refused', {
        detail: `A page on ${origin.slice(0, 100)} may not send reports here.`,
      });
    }
    const value = await readJsonBody(config.errors, request, config.feedback.bodyBytes);
    const named = new URLSearchParams(request.query).get('source');
    const source: FeedbackSource = origin === site && named && PAGE_SOURCES.has(named) ? (named as FeedbackSource) : 'agent';
    const receipt = await take({ value, source, address: toClientAddress(config, request) });
    return toTextAnswer(202, 'application/json', JSON.stringify(receipt), { location: receipt.status_url });
  };
}
