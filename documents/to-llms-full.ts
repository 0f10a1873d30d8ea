import { toTwinParts } from './to-twin-front-matter.ts';

/**
 * An llms-full.txt: its heading, then the given twins in order without their front matter, separated by rules. `drop` is a line every twin
 * carries (the agent-instructions block): said once in a file that holds every page, it is left out of each. `note`
 * stands in for the pages of a file that has none (the root's, when /llms.txt lists only other files).
 */
export function toLlmsFull(heading: string, twins: string[], drop?: string, note?: string): string {
  const body = (twin: string) => {
    const t = toTwinParts(twin).body;
    return (drop ? t.replace(`\n\n${drop}\n`, '\n') : t).trim();
  };
  if (twins.length === 0 && note) return `# ${heading}\n\n${note}\n`;
  return `# ${heading}\n\n${twins.map(body).join('\n\n---\n\n')}\n`;
}
