import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getFreePort } from '../../harness/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, SignJWT } from 'jose';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/start.ts';
import { getWorkloadAccessToken } from '../../harness/workload-token.ts';

export { getFreePort };

/** A fresh temporary data directory and a remover. */
export function makeDataDir(): { dataDir: string; remove(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'warden-sandbox-'));
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** A clock that stands still at `start` until a test moves it (the tools' clock; see SandboxOptions.now). */
export function createFrozenClock(start: string): { now(): Date; advance(seconds: number): void } {
  let at = Date.parse(start);
  return {
    now: () => new Date(at),
    advance: (seconds) => {
      at += seconds * 1000;
    },
  };
}

/** Starts the sandbox on loopback, quiet, as its own base URL unless one is given. */
export async function startTestSandbox(
  dataDir: string,
  port?: number,
  baseUrl?: string,
  options: Pick<SandboxOptions, 'now' | 'publishedSite'> = {},
): Promise<RunningSandbox & { baseUrl: string }> {
  const p = port ?? (await getFreePort());
  const base = baseUrl ?? `http://127.0.0.1:${p}`;
  const sandbox = await startSandbox({ host: '127.0.0.1', port: p, baseUrl: base, dataDir, log: () => {}, ...options });
  return { ...sandbox, baseUrl: base };
}

/** Registers a workload client with a fresh registration code and gets a token by client credentials. */
export async function getWorkloadToken(
  sandbox: RunningSandbox & { baseUrl: string },
  scopes = ['warden:access', 'warden:lessons.read', 'warden:lessons.write'],
): Promise<string> {
  return getWorkloadAccessToken(sandbox.issuer, await sandbox.mintRegistrationCode(), {
    resource: sandbox.baseUrl,
    scopes,
    clientName: 'test',
  });
}

/** Signs a token with the sandbox's own key (a real signature) but chosen claims: expired or mis-addressed. */
export async function signWithSandboxKey(dataDir: string, claims: Record<string, unknown>, expiresAt: number): Promise<string> {
  const { signingKey } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
  const key = await importJWK(signingKey, 'ES256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: signingKey.kid })
    .setIssuedAt(expiresAt - 600)
    .setExpirationTime(expiresAt)
    .sign(key);
}

/** POSTs one JSON-RPC message to `<url>/mcp` the way a legacy client does. */
export function postMcp(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A sandbox started for one test file, with its data folder. */
export type FileSandbox = RunningSandbox & { baseUrl: string; dataDir: string };

/**
 * Starts a sandbox in a fresh data folder before the file's tests and stops it (and removes the folder)
 * after them. The returned object stands for the running sandbox, so tests read `sandbox.issuer` as usual.
 */
export function useTestSandbox(): FileSandbox {
  const dir = makeDataDir();
  let running: (RunningSandbox & { baseUrl: string }) | undefined;
  beforeAll(async () => {
    running = await startTestSandbox(dir.dataDir);
  });
  afterAll(async () => {
    await running?.close();
    dir.remove();
  });
  return new Proxy({} as FileSandbox, {
    get: (_target, key) => {
      if (key === 'dataDir') return dir.dataDir;
      if (!running) throw new Error('the sandbox is used before beforeAll started it');
      return Reflect.get(running, key);
    },
  });
}
