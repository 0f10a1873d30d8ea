import { HTTPError } from 'h3';
import type { ErrorData } from '../errors/http-errors.ts';
import { type DocsToolHandler, toErrorResult } from './docs-tool.ts';

/**
 * `submit_feedback`: a report on a docs page, taken as `POST /api/feedback` takes it (the same checks, limits, store
 * and receipt), with source `mcp`. A report refused there is an error result with the problem's code and detail
 * (and, over a limit, when to send again), so the agent can fix it; where this edge keeps no feedback, it says so.
 */
export const submitFeedbackTool: DocsToolHandler = async (args, { take, address }) => {
  if (!take)
    return toErrorResult('feedback_store_unavailable: this server keeps no feedback; report at POST /api/feedback of the docs site.');
  try {
    const receipt = await take({ value: args, source: 'mcp', address });
    return { content: [{ type: 'text', text: JSON.stringify(receipt) }], structuredContent: receipt };
  } catch (error) {
    // A refusal in the envelope of the HTTP door becomes a result the agent can act on; anything else is a failure.
    if (!(error instanceof HTTPError) || !(error.data as ErrorData | undefined)?.problemCode) throw error;
    const { problemCode, detail } = error.data as ErrorData;
    const wait = error.headers?.get('retry-after');
    return toErrorResult(
      `${problemCode}: ${detail ?? 'the report could not be taken now.'}${wait ? ` Send it again in ${wait} seconds.` : ''}`,
    );
  }
};
