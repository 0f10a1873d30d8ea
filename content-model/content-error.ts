import type { z } from 'zod';

/** A content file failed validation; the message names the file and each field. */
export class ContentError extends Error {
  override name = 'ContentError';
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(`Invalid content in ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.file = file;
    this.problems = problems;
  }

  /** Turns zod issues into "field: message" lines. */
  static fromZod(file: string, error: z.ZodError): ContentError {
    return new ContentError(
      file,
      error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`),
    );
  }
}
