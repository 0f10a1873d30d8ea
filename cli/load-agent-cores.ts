/** The agent-configuration cores (agent-cores.ts), loaded on first use, as load-cores.ts loads the others. */
export function loadAgentCores(): Promise<typeof import('./agent-cores.ts')> {
  return import('./agent-cores.ts');
}
