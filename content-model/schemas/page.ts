import { z } from 'zod';

/** One page the build generates from data (`content/pages.yaml`). */
export const generatedPageSchema = z.strictObject({
  path: z.string().regex(/^\/docs\/[a-z0-9/-]+$/, 'a /docs/ path in kebab-case'),
  title: z.string().min(1).max(60),
  description: z.string().min(20).max(200),
  section: z.string().min(1),
});

/** A generated page's metadata. */
export type GeneratedPage = z.infer<typeof generatedPageSchema>;
