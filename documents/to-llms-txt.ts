import type { Content } from '../content-model/read-content.ts';
import { PATHS, toTwinPath, toUrl } from '../facts/paths.ts';
import { toDiscoveryLinks, type DiscoveryLink } from './to-discovery-links.ts';
import { fillPlaceholders, toPlaceholders } from '../content-model/fill-placeholders.ts';
import type { LlmsPage } from './to-llms-sections.ts';

export type { LlmsPage };

/** Agents truncate near 100K characters; the common target, and our hard limit for every llms.txt file, is 50K (llmstxt.org practice). */
export const LLMS_TXT_MAX_CHARS = 50_000;

/** A section file as the root llms.txt links it. */
export interface SectionLink {
  url: string;
  title: string;
  pages: number;
  /** The section file's own size, in estimated tokens. */
  tokens: number;
  summary: string;
}

/** What an llms.txt file says about the llms-full.txt that holds its pages. */
export interface FullLink {
  url: string;
  note: string;
}

/** A text on one line: runs of white space, line breaks among them, become one space. */
export const toOneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
// CommonMark link text: a bracket in a title is escaped, or it would end the link early.
const item = (title: string, url: string, note: string) =>
  `- [${title.replace(/[[\]\\]/g, '\\$&')}](${url})${note ? `: ${toOneLine(note)}` : ''}`;
/** A list item linking a file of pages, with its page count, its size in tokens and its summary. */
export const toSectionItem = (s: SectionLink) =>
  item(s.title, s.url, `${s.pages} pages, about ${s.tokens.toLocaleString('en-US')} tokens. ${s.summary}`);
/**
 * A document that is no page (JSON, the installer script, the MCP endpoint, the release folder) is named by its
 * address as a CommonMark autolink, `<url>`: still one request away for an agent, while the `[title](url)` links of
 * the file lists stay what llmstxt.org has them be, links to markdown. The Agent-Friendly Documentation Spec's checker
 * counts only `[title](url)` links as the index's pages (afdocs: scanRawLinks skips autolinks), so a JSON document is
 * not sampled as a page whose markdown is missing.
 */
const addressItem = (title: string, url: string, note: string) => `- ${title} <${url}>${note ? `: ${toOneLine(note)}` : ''}`;
/** Whether an address is markdown an agent reads as text: a twin, an llms file, or a docs page (negotiated). */
const isMarkdownAddress = (href: string, docsUrl: string) => /\.(md|txt)$/.test(new URL(href).pathname) || href.startsWith(docsUrl);
const linkItem = (docsUrl: string) => (l: DiscoveryLink) =>
  (isMarkdownAddress(l.href, docsUrl) ? item : addressItem)(l.title, l.href, l.note);

/** Tokens of a text, estimated as characters / 4 (the usual rule for English prose and markdown). */
export function toTokenEstimate(text: string): number {
  return Math.ceil(text.length / 4);
}

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

/** H2 file lists linking each page's markdown twin, one H2 per section. */
function toPageLists(baseUrl: string, pages: LlmsPage[]): string[] {
  const sections = [...new Set(pages.map((p) => p.section))];
  return sections.map((section) =>
    [
      `## ${section}`,
      '',
      ...pages.filter((p) => p.section === section).map((p) => item(p.title, toUrl(baseUrl, toTwinPath(p.path)), p.description)),
    ].join('\n'),
  );
}

// Named by its file: llms-full.txt, or llms-full-<n>.txt beside a part.
const optional = (full: FullLink) =>
  ['## Optional', '', item(full.url.slice(full.url.lastIndexOf('/') + 1), full.url, full.note)].join('\n');

/**
 * Builds /llms.txt per llmstxt.org: H1, a one-line blockquote, plain sections (when to use, developer
 * resources, machine-readable addresses), then H2 file lists linking the twins of the pages it holds and,
 * on a site split into sections, each section's own llms.txt with its size.
 */
export function toLlmsTxt(content: Content, pages: LlmsPage[], sections: SectionLink[] = [], full?: FullLink): string {
  const { site } = content;
  const links = toDiscoveryLinks(content);
  const docsUrl = toUrl(site.base_url, '/docs/');
  const text = [
    `# ${site.product.name}`,
    `> ${toOneLine(`${site.product.tagline}. ${site.product.description}`)}`,
    toOneLine(site.product.not_a_model),
    ['Use it when:', '', ...site.agent_guidance.when_to_use.map((w) => `- ${toOneLine(w)}`)].join('\n'),
    ...(site.agent_guidance.not_for.length
      ? [['Not for:', '', ...site.agent_guidance.not_for.map((w) => `- ${toOneLine(w)}`)].join('\n')]
      : []),
    `Every docs page is markdown at its URL + \`.md\` (or with \`Accept: text/markdown\`); search them all with \`GET ${PATHS.search}?q=<question>\` (the pages and sections that answer it; markdown with \`Accept: text/markdown\`), or from an MCP client at ${toUrl(site.base_url, PATHS.mcpDocs)} (the docs MCP server: \`search_docs\`, \`read_docs_page\`, no sign-in). Tool calls need an OAuth Bearer token with the \`${site.access_scope}\` scope; discovery needs none. ${toFreeTierLine(site.free_tier)}`,
    ...(sections.length
      ? [
          `The docs are split into sections: this file lists the pages nearest the root itself and, under "Sections", every file that lists the others: a folder's llms.txt for the pages under its path (llms.txt path scoping), or numbered parts (llms-1.txt, llms-2.txt, …) when one folder's pages take several files. Each page is at most two links from here.`,
        ]
      : []),
    ['Developer resources:', '', ...links.filter((l) => l.kind === 'resource').map(linkItem(docsUrl))].join('\n'),
    ['Machine-readable addresses:', '', ...links.filter((l) => l.kind === 'machine').map(linkItem(docsUrl))].join('\n'),
    ...toPageLists(site.base_url, pages),
    ...(sections.length ? [['## Sections', '', ...sections.map(toSectionItem)].join('\n')] : []),
    // An H2 holds link items only (llmstxt.org): the guidance is the note of the item linking the discovery page's section.
    [
      '## Feedback',
      '',
      item('Report a page that is wrong', `${toUrl(site.base_url, toTwinPath(PATHS.discoveryDoc))}#feedback`, toFeedbackGuidance(site)),
    ].join('\n'),
    optional(full ?? { url: toUrl(site.base_url, PATHS.llmsFull), note: 'every page above in one markdown file' }),
  ].join('\n\n');
  return `${text}\n`;
}

/** How an agent reports a page that is wrong (content `agent_guidance.feedback`), with this build's addresses. */
export const toFeedbackGuidance = (site: Content['site']): string =>
  toOneLine(fillPlaceholders(site.agent_guidance.feedback, toPlaceholders(site), 'content/site.yaml agent_guidance.feedback'));

/** What the site's index has, said in every other llms file. */
export const toRootPointer = (site: Content['site']) =>
  `The site's index, ${toUrl(site.base_url, PATHS.llms)}, has what ${site.product.name} is, when to use it, its machine-readable addresses and every other section. Every page is markdown at its URL + \`.md\`.`;

/**
 * One section's llms.txt: its title and summary, which pages it lists (`listed`, a sentence: the pages under a folder,
 * or one range of them), where the rest of the site is, and the twins of its pages.
 */
export function toSectionLlmsTxt(
  content: Content,
  section: { title: string; summary: string; listed: string; pages: LlmsPage[] },
  full: FullLink,
): string {
  const { site } = content;
  const text = [
    `# ${site.product.name}: ${section.title}`,
    `> ${toOneLine(section.summary)}`,
    `${section.listed} ${toRootPointer(site)}`,
    ...toPageLists(site.base_url, section.pages),
    optional(full),
  ].join('\n\n');
  return `${text}\n`;
}
