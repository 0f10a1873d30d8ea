/** The command cores (cores.ts), loaded on first use: the bundler keeps a dynamic import lazy in the binary too. */
export function loadCores(): Promise<typeof import('./cores.ts')> {
  return import('./cores.ts');
}
