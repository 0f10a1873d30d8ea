/** The RFC 9457 problem codes the feedback routes answer (content/errors.yaml `problems`): the edge refuses to start without them. */
export const FEEDBACK_PROBLEM_CODES = [
  'feedback_body_invalid',
  'feedback_field_invalid',
  'feedback_page_missing',
  'feedback_content_missing',
  'feedback_page_unknown',
  'feedback_media_type',
  'feedback_too_large',
  'feedback_origin_refused',
  'feedback_rate_limited',
  'feedback_not_found',
  'feedback_query_invalid',
  'feedback_store_unavailable',
  'token_required',
  'token_invalid',
  'insufficient_scope',
  'operator_view_unavailable',
] as const;
