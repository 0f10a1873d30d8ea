/** One test for a user agent against every pattern (patterns from the build facts, documents/to-ai-agents.ts, joined as alternatives). */
export function toAiAgentTest(patterns: readonly string[]): ((userAgent: string) => boolean) | undefined {
  if (patterns.length === 0) return undefined;
  const any = new RegExp(patterns.map((p) => `(?:${p})`).join('|'));
  return (userAgent) => any.test(userAgent);
}
