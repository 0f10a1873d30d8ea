import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { z } from 'astro/zod';
import { getContentDir } from '../content-model/read-content.ts';

// Docs pages live in the top-level content/ folder, beside the data files.
export const collections = {
  docs: defineCollection({
    loader: glob({ base: getContentDir(), pattern: '**/[^_]*.{md,mdx}' }),
    schema: docsSchema({
      extend: z.object({
        /** A page with a hero may show beside it one tool call and its documented answer (src/components/home/Hero.astro). */
        hero_example: z.strictObject({ tool: z.string().min(1), caption: z.string().min(1) }).optional(),
      }),
    }),
  }),
};
