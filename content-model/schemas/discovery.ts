import { z } from 'zod';

/** One public address as the discovery documents name it (`content/discovery.yaml`). */
export const discoveryLinkSchema = z.strictObject({
  rel: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a link relation in kebab-case'),
  /** An absolute URL written with placeholders (`{base_url}/llms.txt`). */
  href: z.string().regex(/^\{[a-z_]+\}/, 'starts with a placeholder such as {base_url}'),
  title: z.string().min(1),
  type: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'a media type'),
  note: z.string().min(1),
  kind: z.enum(['resource', 'machine']),
});

/** The discovery links file. */
export const discoverySchema = z.strictObject({ links: z.array(discoveryLinkSchema).min(1) });

/** One discovery link as written, before its placeholders are filled. */
export type DiscoveryLinkSource = z.infer<typeof discoveryLinkSchema>;
