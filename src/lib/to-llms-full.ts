/** An llms-full.txt: its heading, then the given twins in order, separated by rules. */
export function toLlmsFull(heading: string, twins: string[]): string {
  return `# ${heading}\n\n${twins.map((t) => t.trim()).join('\n\n---\n\n')}\n`;
}
