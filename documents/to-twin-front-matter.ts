/** What a markdown twin's front matter says about its page. */
export interface TwinFacts {
  title: string;
  description?: string;
  /** The HTML page's absolute URL (its canonical link). */
  canonicalUrl: string;
  /** YYYY-MM-DD, when the page states it (its JSON-LD dateModified). */
  updated?: string;
}

const FENCE = '---';

/**
 * YAML front matter between `---` lines (the form static-site generators and agents' markdown readers take): title,
 * description, canonical_url, last_updated, each a JSON string, which is a YAML double-quoted scalar, so any text
 * survives. An agent that does not parse it reads a rule and four plain lines before the title.
 */
export function toFrontMatter(facts: TwinFacts): string {
  const fields: [string, string | undefined][] = [
    ['title', facts.title],
    ['description', facts.description],
    ['canonical_url', facts.canonicalUrl],
    ['last_updated', facts.updated],
  ];
  const lines = fields.filter((f): f is [string, string] => f[1] !== undefined).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `${FENCE}\n${lines.join('\n')}\n${FENCE}\n\n`;
}

/** A twin split into its front matter's fields (strings, as written) and the markdown after it. */
export function toTwinParts(twin: string): { fields: Record<string, string>; body: string } {
  if (!twin.startsWith(`${FENCE}\n`)) return { fields: {}, body: twin };
  const end = twin.indexOf(`\n${FENCE}\n`, FENCE.length);
  if (end < 0) return { fields: {}, body: twin };
  const fields: Record<string, string> = {};
  for (const line of twin.slice(FENCE.length + 1, end).split('\n')) {
    const at = line.indexOf(': ');
    if (at > 0) fields[line.slice(0, at)] = JSON.parse(line.slice(at + 2)) as string;
  }
  return { fields, body: twin.slice(end + FENCE.length + 2).replace(/^\n/, '') };
}
