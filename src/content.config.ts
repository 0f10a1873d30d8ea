import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { glob } from 'astro/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';
import { getContentDir } from '../content-model/read-content.ts';

/** Where the interface words live: one YAML file per language, named by its tag (content/i18n/en.yaml). */
const I18N_DIR = join(getContentDir(), 'i18n');

/**
 * The interface words of content/i18n/, one entry per language keyed by the file's name. Starlight names each
 * language by the entry's file path under src/content/i18n/ when the entry has one, so the entries carry none and go
 * by their id.
 */
const i18nFiles: Loader = {
  name: 'warden-i18n',
  async load({ store, parseData }) {
    store.clear();
    for (const file of readdirSync(I18N_DIR).filter((f) => f.endsWith('.yaml'))) {
      const id = basename(file, '.yaml');
      const data = parseYaml(readFileSync(join(I18N_DIR, file), 'utf8')) as Record<string, unknown>;
      store.set({ id, data: await parseData({ id, data }) });
    }
  },
};

/** A word of the interface: required, so a file that lacks one fails the build naming it. */
const word = z.string().min(1);

// Docs pages live in the top-level content/ folder, beside the data files; the interface words in content/i18n/.
export const collections = {
  docs: defineCollection({
    loader: glob({ base: getContentDir(), pattern: '**/[^_]*.{md,mdx}' }),
    schema: docsSchema({
      extend: z.object({
        /** A page with a hero may show beside it one tool call and its documented answer (src/components/home/Hero.astro). */
        hero_example: z.strictObject({ tool: z.string().min(1), caption: z.string().min(1) }).optional(),
        /** Whether the page ends with the "Was this page helpful?" form (src/components/feedback/Feedback.astro). */
        feedback: z.boolean().default(true),
      }),
    }),
  }),
  i18n: defineCollection({
    loader: i18nFiles,
    schema: i18nSchema({
      extend: z.object({
        'feedback.legend': word,
        'feedback.yes': word,
        'feedback.no': word,
        'feedback.thanks': word,
        'feedback.comment': word,
        'feedback.commentHint': word,
        'feedback.section': word,
        'feedback.wholePage': word,
        'feedback.send': word,
        'feedback.sending': word,
        'feedback.sent': word,
        'feedback.empty': word,
        'feedback.refused': word,
        'feedback.unreachable': word,
        'feedbackView.title': word,
        'feedbackView.description': word,
        'feedbackView.intro': word,
        'feedbackView.signIn': word,
        'feedbackView.signOut': word,
        'feedbackView.signedOut': word,
        'feedbackView.signedIn': word,
        'feedbackView.loading': word,
        'feedbackView.refused': word,
        'feedbackView.pages': word,
        'feedbackView.helpful': word,
        'feedbackView.notHelpful': word,
        'feedbackView.comments': word,
        'feedbackView.status': word,
        'feedbackView.statusSaved': word,
        'feedbackView.questions': word,
        'feedbackView.missingPages': word,
        'feedbackView.traffic': word,
        'feedbackView.requests': word,
        'feedbackView.none': word,
      }),
    }),
  }),
};
