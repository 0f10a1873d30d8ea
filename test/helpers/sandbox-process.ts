import { spawn } from 'node:child_process';
import { getFreePort } from '../../harness/free-port.ts';

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
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('More codes:')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code} before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
