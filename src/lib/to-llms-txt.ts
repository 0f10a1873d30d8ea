import type { Content } from '../content/read-content.ts';
import { PATHS, toTwinPath, toUrl } from './paths.ts';
import { toDiscoveryLinks, type DiscoveryLink } from './to-discovery-links.ts';

/** Agents truncate near 100K characters; the common target, and our hard limit, is 50K (llmstxt.org practice). */
export const LLMS_TXT_MAX_CHARS = 50_000;

/** A page as llms.txt lists it. */
export interface LlmsPage {
  path: string;
  title: string;
  description: string;
  section: string;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
// CommonMark link text: a bracket in a title is escaped, or it would end the link early.
const item = (title: string, url: string, note: string) => `- [${title.replace(/[[\]\\]/g, '\\$&')}](${url})${note ? `: ${oneLine(note)}` : ''}`;
const linkItem = (l: DiscoveryLink) => item(l.title, l.href, l.note);

/** The free tier in one sentence, from its facts (content/site.yaml `free_tier`). */
export function toFreeTierLine(tier: Content['site']['free_tier']): string {
  const terms = [`${tier.hosted_starts} hosted starts`, tier.payment_card_required ? 'a payment card required' : 'no payment card'];
  if (!tier.sales_contact_required) terms.push('no sales contact');
  return `Free tier: ${terms.join(', ')}.`;
}

/** Pages in the order llms.txt lists them: grouped by section, sections in order of first appearance. */
export function toLlmsOrder<T extends { section: string }>(pages: T[]): T[] {
  const sections = [...new Set(pages.map((p) => p.section))];
  return sections.flatMap((section) => pages.filter((p) => p.section === section));
}

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
    `Every docs page is markdown at its URL + \`.md\` (or with \`Accept: text/markdown\`). Tool calls need an OAuth Bearer token with the \`${site.access_scope}\` scope; discovery needs none. ${toFreeTierLine(site.free_tier)}`,
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
