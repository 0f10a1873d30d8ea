import { z } from 'zod';
import { toolSchema } from './tool.ts';

/**
 * The pages' feedback tool (`content/feedback/submit_feedback.yaml`): a tool over the public docs whose input is one of
 * the shared schemas of content/schemas/ (`inputFromSchema`, its file name), so the tool takes what the endpoint takes.
 */
export const feedbackToolSchema = z.strictObject({
  name: toolSchema.shape.name,
  title: toolSchema.shape.title,
  description: toolSchema.shape.description,
  annotations: z.strictObject({ readOnlyHint: z.boolean() }),
  inputFromSchema: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'a schema name of content/schemas/ (PascalCase)'),
});

/** The feedback tool, as written in content. */
export type FeedbackTool = z.infer<typeof feedbackToolSchema>;
