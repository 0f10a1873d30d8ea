/** /llms-full.txt: every twin that llms.txt links, in the same order, separated by rules. */
export function toLlmsFull(title: string, twins: string[]): string {
  return `# ${title}: every page\n\n${twins.map((t) => t.trim()).join('\n\n---\n\n')}\n`;
}
