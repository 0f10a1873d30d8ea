/** The page paths llms.txt links, in its order (its links to `<base><path>.md`). */
export function toLinkedTwinPaths(llmsTxt: string, baseUrl: string): string[] {
  const paths: string[] = [];
  for (const match of llmsTxt.matchAll(/^- \[[^\]]+\]\(([^)]+\.md)\)/gm)) {
    const url = match[1] ?? '';
    if (url.startsWith(baseUrl)) paths.push(url.slice(baseUrl.length));
  }
  return paths;
}

/** /llms-full.txt: every twin that llms.txt links, in the same order, separated by rules. */
export function toLlmsFull(title: string, twins: string[]): string {
  return `# ${title}: every page\n\n${twins.map((t) => t.trim()).join('\n\n---\n\n')}\n`;
}
