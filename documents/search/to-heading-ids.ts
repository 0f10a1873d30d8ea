/** A heading of a built page's content: its level, its `id` (the URL fragment) and its text. */
export interface HeadingId {
  depth: number;
  id: string;
  text: string;
}

// Astro writes every heading as one element with its id in double quotes; Starlight's own ids (`_top`, the
// `starlight__…` of its page parts) name no section.
const HEADING = /<h([1-6])\b[^>]*?\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** An element's text: tags dropped, character references decoded. */
export function toElementText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#')
        return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every heading with an id inside a built page's `<main>`, in order: the ids the page's section links use. */
export function toHeadingIds(html: string): HeadingId[] {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const main = start >= 0 && end > start ? html.slice(start, end) : html;
  return [...main.matchAll(HEADING)]
    .filter((m) => !m[2]!.startsWith('_') && !m[2]!.startsWith('starlight__'))
    .map((m) => ({ depth: Number(m[1]), id: m[2]!, text: toElementText(m[3]!) }));
}
