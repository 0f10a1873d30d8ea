import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '../../harness/free-port.ts';
import { APP_URL, BASE_URL, DIST } from '../helpers/built-site.ts';
import { run } from '../helpers/cli/warden-binary.ts';
import { makeFeedbackDir } from '../helpers/feedback-dir.ts';

// Every server command, started on a port something else holds, says so in one line naming the variable to change,
// and exits 1: no stack trace, no server left on another port than the one the pages name.
const scratch = mkdtempSync(join(tmpdir(), 'warden-port-in-use-'));
let holder: Server;
let busy = 0;

beforeAll(async () => {
  holder = createServer();
  await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
  busy = (holder.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((done) => holder.close(done));
  rmSync(scratch, { recursive: true, force: true });
});

/** The environment of a writer's shell: none of vitest's variables (with VITEST set, Astro's dev server renders nothing). */
function shellEnv(vars: Record<string, string>): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => v !== undefined && !/^(VITEST|BASE_URL$|APP_URL$|AUTH_ISSUER$|NODE_ENV$|TEST$)/.test(k)),
  ) as Record<string, string>;
  return { ...env, SANDBOX_DATA_DIR: join(scratch, 'data'), ...vars };
}

describe('a server command on a port in use', () => {
  it.each([
    [
      'npm start',
      'SANDBOX_PORT',
      'scripts/start.ts',
      async () => ({
        PORT: String(await getFreePort()),
        METRICS_PORT: 'off',
        WARDEN_OUT_DIR: join(scratch, 'dist'),
        FEEDBACK_DATA_DIR: makeFeedbackDir(),
      }),
      'set PORT, SANDBOX_PORT, METRICS_PORT to a free port, or METRICS_PORT=off',
    ],
    [
      'npm run serve',
      'PORT',
      'proxy/serve.ts',
      async () => ({ METRICS_PORT: 'off', WARDEN_OUT_DIR: DIST, BASE_URL, APP_URL, FEEDBACK_DATA_DIR: makeFeedbackDir() }),
      'set PORT, METRICS_PORT to a free port, or METRICS_PORT=off',
    ],
    [
      'npm run dev',
      'PORT',
      'scripts/dev.ts',
      async () => ({ SANDBOX_PORT: String(await getFreePort()), FEEDBACK_DATA_DIR: makeFeedbackDir() }),
      'set PORT, SANDBOX_PORT to a free port',
    ],
    [
      'npm run dev',
      'SANDBOX_PORT',
      'scripts/dev.ts',
      async () => ({ PORT: String(await getFreePort()) }),
      'set PORT, SANDBOX_PORT to a free port',
    ],
    ['npm run sandbox', 'SANDBOX_PORT', 'sandbox/main.ts', async () => ({}), 'set SANDBOX_PORT to a free port'],
  ] as const)(
    '%s with %s taken: one line naming the port and what to set, exit 1',
    async (command, variable, entry, others, hint) => {
      const env = shellEnv({ ...(await others()), [variable]: String(busy) });
      const result = await run(process.execPath, [entry], { env, timeoutMs: 60_000 });
      expect(result.code, result.stderr).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]!.startsWith(`${command}: `), lines[0]).toBe(true);
      expect(lines[0]).toContain(`${busy}`);
      expect(lines[0]).toContain('in use');
      expect(lines[0]!.endsWith(`(${hint})`), lines[0]).toBe(true);
    },
    90_000,
  );
});
