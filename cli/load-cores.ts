/** The command cores (cores.ts), loaded on first use; the binary's build swaps this import for its embedded copy. */
export function loadCores(): Promise<typeof import('./cores.ts')> {
  return import('./cores.ts');
}
