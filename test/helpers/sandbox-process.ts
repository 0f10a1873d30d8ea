import { spawn } from 'node:child_process';
import { getFreePort } from '../../harness/free-port.ts';
import { watchOutput } from './child-output.ts';

/** The sandbox in a process of its own (`npm run sandbox`'s entry), for settings read at process start. */
export interface SandboxProcess {
  url: string;
  /** Everything it printed so far. */
  output(): string;
  close(): Promise<void>;
}

/** Starts `sandbox/main.ts` under the project's Node with the given environment; resolves once it listens. */
export async function startSandboxProcess(env: Record<string, string>): Promise<SandboxProcess> {
  const port = await getFreePort();
  const child = spawn(process.execPath, ['sandbox/main.ts'], {
    env: { ...process.env, SANDBOX_HOST: '127.0.0.1', SANDBOX_PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const output = watchOutput(child);
  await output.until((text) => text.includes('More codes:'), 'the sandbox listening');
  return {
    url: `http://127.0.0.1:${port}`,
    output: output.text,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
