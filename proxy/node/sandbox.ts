// Types only: erased at run time, so a server with APP_URL never loads the sandbox's code.
import type { RunningSandbox, SandboxOptions } from '../../sandbox/start.ts';

/** The demo sandbox as `sandbox/start.ts` exports it (the embedded stand-in for `{app_url}`). */
export type Sandbox = RunningSandbox;

/** Starts the sandbox, imported only now so a server with APP_URL never loads it. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const path = '../../sandbox/start.ts';
  const module = (await import(path)) as { startSandbox?: (o: SandboxOptions) => Promise<Sandbox> };
  if (typeof module.startSandbox !== 'function') throw new Error('sandbox/start.ts does not export startSandbox');
  return module.startSandbox(options);
}
