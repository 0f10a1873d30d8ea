/**
 * An llms-full.txt: its heading, then the given twins in order, separated by rules. `drop` is a line every twin
 * carries (the agent-instructions block): said once in a file that holds every page, it is left out of each.
 */
export function toLlmsFull(heading: string, twins: string[], drop?: string): string {
  const body = (t: string) => (drop ? t.replace(`\n\n${drop}\n`, '\n') : t).trim();
  return `# ${heading}\n\n${twins.map(body).join('\n\n---\n\n')}\n`;
}
