import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { getContentDir } from './content/read-content.ts';

// Docs pages live in the top-level content/ folder, beside the data files.
export const collections = {
  docs: defineCollection({
    loader: glob({ base: getContentDir(), pattern: '**/[^_]*.{md,mdx}' }),
    schema: docsSchema(),
  }),
};
