import { scrubText } from './scrub.ts';

/** How long a kept question or address may be; longer ones are cut. */
const MAX_KEY = 200;

/** A question as the gaps keep it: one line, lower case, collapsed spaces, no e-mail address or token-like string. */
export function toQuestionKey(question: string): string {
  return scrubText(question.replace(/\s+/g, ' ').trim()).toLowerCase().slice(0, MAX_KEY);
}

/**
 * Whether a missing path is a docs address someone guessed (a page under /docs, or a markdown twin anywhere), the only
 * missing paths worth telling the authors about; probes for other software's paths are not.
 */
export function isDocsAddress(path: string): boolean {
  return path.length <= MAX_KEY && (path.startsWith('/docs/') || path.endsWith('.md'));
}
