import { z } from 'zod';

/** OpenAPI document facts that are not per operation (`content/api.yaml`). */
export const apiSchema = z.strictObject({
  title: z.string().min(1),
  summary: z.string().min(1),
  /** The licence name of the OpenAPI `info.license`. */
  license: z.string().min(1),
  /** The OAuth 2 security scheme: its name in `components.securitySchemes` and its description (with placeholders). */
  security_scheme: z.strictObject({ name: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/), description: z.string().min(1) }),
  tags: z.array(z.strictObject({ name: z.string().min(1), description: z.string().min(1) })).min(1),
});

/** OpenAPI document facts, as written in content. */
export type Api = z.infer<typeof apiSchema>;
