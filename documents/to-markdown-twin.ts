import { parse, type HTMLElement } from 'node-html-parser';
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';
import { toTwinPath, toUrl } from '../facts/paths.ts';
import { escapeHtmlText } from './escape-html.ts';
import { toFrontMatter, type TwinFacts } from './to-twin-front-matter.ts';

/** What a twin needs to know about its page and the site. */
export interface TwinContext {
  /** Public path of the HTML page, e.g. `/docs/overview`. */
  pagePath: string;
  baseUrl: string;
  /** Paths of every HTML page of the site; links to them are rewritten to their twins. */
  pagePaths: ReadonlySet<string>;
  /** The agent-instructions block every twin carries near its top (content `agent_guidance.twin_preamble`, filled). */
  preamble: string;
}

/** The agent-instructions block of a twin, as a markdown line (what llms-full.txt leaves out of each page). */
export const toPreambleLine = (preamble: string): string => `> ${preamble.replace(/\s+/g, ' ').trim()}`;

/** A page could not be turned into markdown; the build fails with this. */
export class TwinError extends Error {
  override name = 'TwinError';
}

function createTurndown(): TurndownService {
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  td.use(gfm);
  return td;
}

const turndown = createTurndown();

/** Replaces Starlight components with plain HTML that converts faithfully (asides, cards, tabs). */
function simplifyComponents(root: HTMLElement): void {
  // Expressive Code renders each line and token in elements of their own, the language on <pre data-language>;
  // a plain <pre><code class="language-x"> converts to the same fenced block at a fraction of the cost.
  for (const block of root.querySelectorAll('.expressive-code')) {
    const lang = block.querySelector('pre')?.getAttribute('data-language') ?? '';
    const code = block
      .querySelectorAll('.ec-line')
      .map((line) => line.text)
      .join('\n');
    block.replaceWith(`<pre><code class="language-${lang === 'plaintext' ? 'text' : lang}">${escapeHtmlText(code)}</code></pre>`);
  }
  // Interactive parts of a page (data-twin-skip: the Try it panel) mean nothing in markdown.
  for (const el of root.querySelectorAll('.sl-anchor-link, script, style, link, .sr-only, svg, [data-twin-skip]')) el.remove();
  for (const aside of root.querySelectorAll('aside.starlight-aside')) {
    const title = aside.querySelector('.starlight-aside__title')?.text.trim() ?? 'Note';
    const body = aside.querySelector('.starlight-aside__content')?.innerHTML ?? '';
    aside.replaceWith(`<blockquote><p><strong>${title}:</strong></p>${body}</blockquote>`);
  }
  for (const card of root.querySelectorAll('article.card')) {
    const title = card.querySelector('.title')?.text.trim() ?? '';
    card.replaceWith(`<div><p><strong>${title}</strong></p>${card.querySelector('.body')?.innerHTML ?? ''}</div>`);
  }
  for (const actions of root.querySelectorAll('.hero .actions, .actions')) {
    actions.replaceWith(
      `<ul>${actions
        .querySelectorAll('a')
        .map((a) => `<li>${a.outerHTML}</li>`)
        .join('')}</ul>`,
    );
  }
  for (const tabs of root.querySelectorAll('starlight-tabs')) {
    const labels = tabs.querySelectorAll('[role="tab"]').map((t) => t.text.trim());
    const panels = tabs.querySelectorAll('[role="tabpanel"]');
    tabs.replaceWith(panels.map((p, i) => `<p><strong>${labels[i] ?? ''}</strong></p>${p.innerHTML}`).join(''));
  }
}

/** Makes every link absolute; links to pages of this site point at their markdown twins. */
function absolutizeLinks(root: HTMLElement, ctx: TwinContext): void {
  for (const a of root.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? '';
    if (href.startsWith('#')) {
      a.setAttribute('href', `${toUrl(ctx.baseUrl, toTwinPath(ctx.pagePath))}${href}`);
      continue;
    }
    if (!href.startsWith('/')) continue;
    const [path = '/', hash = ''] = href.split('#');
    const page = path.replace(/\.html$/, '').replace(/^\/index$/, '/');
    const target = ctx.pagePaths.has(page) ? toTwinPath(page) : path;
    a.setAttribute('href', `${toUrl(ctx.baseUrl, target)}${hash ? `#${hash}` : ''}`);
  }
}

/**
 * What the twin's front matter says, read from the page's head: its JSON-LD article (title, description, date,
 * documents/to-json-ld.ts) and its canonical link, so the twin states what the page states.
 */
function toTwinFacts(doc: HTMLElement, ctx: TwinContext, title: string, description: string | undefined): TwinFacts {
  let article: { headline?: string; dateModified?: string } | undefined;
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const graph = JSON.parse(script.text) as { '@graph'?: { '@type'?: string; headline?: string; dateModified?: string }[] };
      article ??= graph['@graph']?.find((node) => node['@type'] === 'TechArticle');
    } catch {
      throw new TwinError(`${ctx.pagePath}: its JSON-LD is not JSON`);
    }
  }
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
  return {
    title: article?.headline ?? title,
    description: description?.replace(/\s+/g, ' '),
    canonicalUrl: canonical && /^https?:/.test(canonical) ? canonical : toUrl(ctx.baseUrl, ctx.pagePath),
    updated: article?.dateModified,
  };
}

/**
 * Converts a built Starlight HTML page into its markdown twin: front matter (title, description, canonical URL,
 * last-updated date), the title, description, then the page body.
 */
export function toMarkdownTwin(html: string, ctx: TwinContext): string {
  // Parse only <head> and <main>: the sidebar lists every page, so parsing whole pages grows with the square
  // of the site's size (npm run bench, build section).
  const headEnd = html.indexOf('</head>');
  const mainStart = html.indexOf('<main');
  const mainEnd = html.lastIndexOf('</main>');
  const doc = parse(
    mainStart >= 0 && mainEnd > mainStart && headEnd >= 0 && headEnd < mainStart
      ? `${html.slice(0, headEnd)}</head><body>${html.slice(mainStart, mainEnd + '</main>'.length)}</body></html>`
      : html,
    // <pre> holds markup here (Expressive Code lines), not raw text.
    { blockTextElements: { script: true, noscript: true, style: true } },
  );
  const content = doc.querySelector('.sl-markdown-content');
  if (!content) throw new TwinError(`${ctx.pagePath}: no .sl-markdown-content element to convert`);
  const title = doc.querySelector('h1')?.text.trim() || doc.querySelector('title')?.text.trim() || '';
  const description = doc.querySelector('meta[name="description"]')?.getAttribute('content')?.trim();
  const hero = doc.querySelector('.hero');
  const parts = [`# ${title}`];
  if (description) parts.push(`> ${description.replace(/\s+/g, ' ')}`);
  // An agent that landed on one page learns where the rest is (llms.txt, the skill, the MCP server), as Mintlify's
  // and Cloudflare's twins open with an index pointer.
  parts.push(toPreambleLine(ctx.preamble), `Page: ${toUrl(ctx.baseUrl, ctx.pagePath)}`);
  for (const root of [hero, content]) {
    if (!root) continue;
    if (root === hero) root.querySelector('h1')?.remove();
    simplifyComponents(root);
    absolutizeLinks(root, ctx);
    // Turndown pads bullets to four columns ("-   item"); one space is the common form.
    const markdown = turndown
      .turndown(root.innerHTML)
      .replace(/^(\s*)- {3}/gm, '$1- ')
      .trim();
    if (markdown) parts.push(markdown);
  }
  const twin = `${toFrontMatter(toTwinFacts(doc, ctx, title, description))}${parts.join('\n\n')}\n`;
  if (/<[a-z][\w-]*[\s>]/i.test(twin.replace(/```[\s\S]*?```/g, '').replace(/`[^`]*`/g, ''))) {
    throw new TwinError(`${ctx.pagePath}: HTML or JSX left in the markdown twin`);
  }
  return twin;
}
