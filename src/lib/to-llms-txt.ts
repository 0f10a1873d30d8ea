import type { Content } from '../content/read-content.ts';
import { PATHS, toTwinPath, toUrl } from './paths.ts';
import { toDiscoveryLinks, type DiscoveryLink } from './to-discovery-links.ts';

/** agent-docs.md §3: agents truncate near 100K characters; the common target, and our hard limit, is 50K. */
export const LLMS_TXT_MAX_CHARS = 50_000;

/** A page as llms.txt lists it. */
export interface LlmsPage {
  path: string;
  title: string;
  description: string;
  section: string;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const item = (title: string, url: string, note: string) => `- [${title}](${url})${note ? `: ${oneLine(note)}` : ''}`;
const linkItem = (l: DiscoveryLink) => item(l.title, l.href, l.note);

/**
 * Builds /llms.txt per llmstxt.org: H1, a one-line blockquote, plain sections (when to use, developer
 * resources, machine-readable addresses), then H2 file lists linking every page's markdown twin.
 * Throws when the result passes LLMS_TXT_MAX_CHARS, which fails the build.
 */
export function toLlmsTxt(content: Content, pages: LlmsPage[]): string {
  const { site } = content;
  const links = toDiscoveryLinks(content);
  const sections = [...new Set(pages.map((p) => p.section))];
  const text = [
    `# ${site.product.name}`,
    `> ${oneLine(`${site.product.tagline}. ${site.product.description}`)}`,
    oneLine(site.product.not_a_model),
    ['Use it when:', '', ...site.agent_guidance.when_to_use.map((w) => `- ${oneLine(w)}`)].join('\n'),
    ...(site.agent_guidance.not_for.length
      ? [['Not for:', '', ...site.agent_guidance.not_for.map((w) => `- ${oneLine(w)}`)].join('\n')]
      : []),
    `Every docs page is markdown at its URL + \`.md\` (or with \`Accept: text/markdown\`). Tool calls need an OAuth Bearer token with the \`${site.access_scope}\` scope; discovery needs none. Free tier: ${site.free_tier.hosted_starts} hosted starts, no payment card.`,
    ['Developer resources:', '', ...links.filter((l) => l.kind === 'resource').map(linkItem)].join('\n'),
    ['Machine-readable addresses:', '', ...links.filter((l) => l.kind === 'machine').map(linkItem)].join('\n'),
    ...sections.map((section) =>
      [
        `## ${section}`,
        '',
        ...pages
          .filter((p) => p.section === section)
          .map((p) => item(p.title, toUrl(site.base_url, toTwinPath(p.path)), p.description)),
      ].join('\n'),
    ),
    ['## Optional', '', item('llms-full.txt', toUrl(site.base_url, PATHS.llmsFull), 'every page above in one markdown file')].join('\n'),
  ].join('\n\n');
  const result = `${text}\n`;
  if (result.length > LLMS_TXT_MAX_CHARS) {
    throw new Error(`llms.txt is ${result.length} characters, over the ${LLMS_TXT_MAX_CHARS} limit: shorten page descriptions or split it`);
  }
  return result;
}
