import type { z } from 'zod';
import { OAuthClientError } from './oauth-client-error.ts';

/** Validates a fetched metadata document, or fails naming the document, its address and the first bad field. */
export function parseDocument<T>(schema: z.ZodType<T>, value: unknown, what: string, url: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new OAuthClientError(`${what} at ${url} is invalid: ${issue.path.join('.') || 'document'}: ${issue.message}`, 'ERR_BAD_DOCUMENT');
}
