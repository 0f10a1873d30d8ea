import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import type { SatteriProcessorOptions } from '@astrojs/markdown-satteri';
import { PLACEHOLDER, fillPlaceholders, type Placeholders } from '../../content-model/fill-placeholders.ts';

type MdastPluginEntry = NonNullable<SatteriProcessorOptions['mdastPlugins']>[number];

/**
 * A Markdown (Sätteri mdast) plugin that fills `{base_url}`, `{app_url}`, … in page bodies: text, inline code,
 * code blocks, raw HTML and link and image addresses, before code is highlighted. The HTML gets the build's
 * addresses, and the markdown twin, converted from that HTML, gets the same. In MDX, `{base_url}` in running text
 * is an expression; one that names a placeholder becomes its text.
 */
export function fillPagePlaceholders(values: Placeholders): MdastPluginEntry {
  return ({ fileURL, source }) => {
    // Most pages name no placeholder: they skip the walk.
    if (!new RegExp(PLACEHOLDER.source).test(source)) return null;
    const where = fileURL ? relative(process.cwd(), fileURLToPath(fileURL)) : 'a page';
    const fill = (text: string) => fillPlaceholders(text, values, where);
    // Only a changed value is sent back across to the parser.
    const set = <K extends string>(
      node: Readonly<Partial<Record<K, string | null>>>,
      key: K,
      ctx: { setProperty(n: unknown, k: string, v: string): void },
    ) => {
      const value = node[key];
      if (typeof value === 'string' && value.includes('{')) {
        const filled = fill(value);
        if (filled !== value) ctx.setProperty(node, key, filled);
      }
    };
    return {
      name: 'warden-page-placeholders',
      text: (node, ctx) => set(node, 'value', ctx),
      inlineCode: (node, ctx) => set(node, 'value', ctx),
      code: (node, ctx) => set(node, 'value', ctx),
      html: (node, ctx) => set(node, 'value', ctx),
      link: (node, ctx) => {
        set(node, 'url', ctx);
        set(node, 'title', ctx);
      },
      definition: (node, ctx) => set(node, 'url', ctx),
      image: (node, ctx) => set(node, 'url', ctx),
      mdxTextExpression: (node, ctx) => {
        if (node.value.trim() in values) ctx.replaceNode(node, { type: 'text', value: values[node.value.trim()]! });
      },
    };
  };
}
