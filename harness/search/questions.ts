import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';

const questionSchema = z.strictObject({
  q: z.string().min(1),
  /** The page that answers it. */
  page: z.string().startsWith('/'),
  /** The id of the heading on that page whose section answers it, when one does. */
  section: z.string().min(1).optional(),
  /** Other pages that answer it as well. */
  also: z.array(z.string().startsWith('/')).optional(),
  /** Not tuned on: scored apart. */
  holdout: z.boolean().optional(),
});

/** One question of harness/search/questions.yaml. */
export type Question = z.infer<typeof questionSchema>;

/** The question set the search test and the search benchmark share. */
export function readQuestions(file = new URL('./questions.yaml', import.meta.url)): Question[] {
  return z.strictObject({ questions: z.array(questionSchema).min(40) }).parse(parse(readFileSync(file, 'utf8'))).questions;
}
