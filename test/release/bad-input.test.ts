import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '../helpers/sandbox-fixture.ts';
import { startLocalSystem, type LocalSystem } from '../helpers/cli/local-system.ts';
import { BINARY, freshHome, getWardenBinary, run, TEST_RELEASE_DIR } from '../helpers/cli/warden-binary.ts';

// Every bad input: one line on stderr saying what to do, a non-zero exit, no stack trace, nothing written.
let system: LocalSystem;
const warden = getWardenBinary();
let home: ReturnType<typeof freshHome>;

beforeAll(async () => {
  system = await startLocalSystem({ releaseDir: TEST_RELEASE_DIR });
});
afterAll(() => system?.close());
afterEach(() => home?.remove());

/** Runs warden in a fresh HOME and checks the failure's shape; returns its stderr line. */
async function fails(
  args: string[],
  exit: number,
  extra: Record<string, string> = {},
  prepare?: (configDir: string) => void,
): Promise<string> {
  home = freshHome();
  prepare?.(home.configDir);
  const before = existsSync(home.configDir) ? readFileSync(join(home.configDir, 'credentials.json'), 'utf8') : undefined;
  const result = await run(warden, args, { env: { ...home.env, WARDEN_BASE_URL: system.baseUrl, ...extra } });
  expect(result.code, result.stderr).toBe(exit);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  if (before === undefined) expect(existsSync(home.configDir)).toBe(false);
  else expect(readFileSync(join(home.configDir, 'credentials.json'), 'utf8')).toBe(before);
  return lines[0]!;
}

describe('bad input', () => {
  it('a wrong registration code', async () => {
    expect(await fails(['admin', 'register', '--code', 'not-a-code'], 1)).toMatch(
      /^warden: error: the registration code was refused \(wrong, already used or expired\)/,
    );
  });

  it('a used registration code', async () => {
    const code = await system.mintCode();
    home = freshHome();
    expect((await run(warden, ['admin', 'register', '--code', code], { env: { ...home.env, WARDEN_BASE_URL: system.baseUrl } })).code).toBe(
      0,
    );
    home.remove();
    expect(await fails(['admin', 'register', '--code', code], 1)).toMatch(/registration code was refused/);
  });

  it('an unreachable service', async () => {
    const closed = `http://127.0.0.1:${await getFreePort()}`;
    expect(await fails(['admin', 'register', '--code', 'x'], 1, { WARDEN_BASE_URL: closed })).toBe(
      `warden: error: cannot reach ${closed}: connection refused (ERR_UNREACHABLE)`,
    );
  });

  it('an http URL to a host that is not loopback', async () => {
    expect(await fails(['admin', 'register', '--base-url', 'http://warden.example', '--code', 'x'], 2)).toMatch(
      /plain http: only https is allowed, or http to a loopback address/,
    );
    expect(await fails(['auth', 'token'], 2, { WARDEN_BASE_URL: 'http://10.1.2.3' })).toMatch(
      /^warden: error: WARDEN_BASE_URL http:\/\/10\.1\.2\.3 uses plain http/,
    );
  });

  it('a credentials file with mode 0644 is refused with the chmod that fixes it', async () => {
    const line = await fails(['admin', 'register', '--code', 'x'], 1, {}, (configDir) => {
      mkdirSync(configDir, { recursive: true, mode: 0o700 });
      writeFileSync(join(configDir, 'credentials.json'), '{"version":1,"issuers":{}}\n', { mode: 0o644 });
      chmodSync(join(configDir, 'credentials.json'), 0o644);
    });
    expect(line).toMatch(/credentials file .*credentials\.json has mode 0644, open to other users: run `chmod 600 .*credentials\.json`/);
  });

  it('unknown commands and flags are usage errors (exit 2)', async () => {
    expect(await fails(['nope'], 2)).toMatch(/^warden: error: unknown command 'nope'/);
    expect(await fails(['mcp', '--nope'], 2)).toMatch(/^warden: error: unknown option '--nope'/);
    expect(await fails(['admin', 'register'], 2)).toMatch(/required option '--code <code>' not specified/);
  });
});

describe('warden mcp on bad input', () => {
  it('answers malformed JSON with -32700 and keeps serving; a tools/call with no credential says what to run', async () => {
    home = freshHome();
    const lines = [
      '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{',
      '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}',
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_account","arguments":{}}}',
    ];
    const result = await run(warden, ['mcp'], { env: { ...home.env, WARDEN_BASE_URL: system.baseUrl }, input: `${lines.join('\n')}\n` });
    expect(result.code, result.stderr).toBe(0);
    const answers = result.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string }; result?: { tools: unknown[] } });
    expect(answers.find((a) => a.id === null)).toMatchObject({ error: { code: -32700 } });
    expect(answers.find((a) => a.id === 2)?.result?.tools.length).toBeGreaterThan(0);
    expect(answers.find((a) => a.id === 3)).toMatchObject({
      error: { code: -31401, message: expect.stringContaining(`run \`${BINARY} login\``) },
    });
    expect(answers).toHaveLength(3);
    expect(existsSync(home.configDir)).toBe(false);
  });
});
