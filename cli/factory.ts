import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import type { BuildDefaults } from './build-defaults.ts';
import { toConfigDir } from './core/config-dir.ts';
import type { CredentialStore } from './core/credential-store.ts';
import type { Service } from './core/service.ts';
import type { TokenSource } from './core/token-source.ts';
import type { Fetch } from '../runtime/oauth/fetch-json.ts';
import { loadCores } from './load-cores.ts';
import { requireSecureUrl, toCanonicalUrl } from '../runtime/oauth/secure-url.ts';

/** What every command gets handed (the GitHub CLI's factory): streams, environment, clock, HTTP, configuration. */
export interface Factory {
  defaults: BuildDefaults;
  stdin: Readable;
  /** Results only (and JSON-RPC, for `warden mcp`). */
  out(text: string): void;
  /** Progress, hints and errors. */
  err(text: string): void;
  stdout: Writable;
  env: Record<string, string | undefined>;
  fetch: Fetch;
  now(): number;
  /** `<ENV_PREFIX>_<name>` from the environment. */
  getenv(name: string): string | undefined;
  /** The service: `--base-url`, else `<ENV_PREFIX>_BASE_URL`, else the build's base URL; http only to loopback. */
  getBaseUrl(flag: string | undefined): string;
  /** The credential store (loaded on first use: `--version` and `--help` never pay for it). */
  getStore(): Promise<CredentialStore>;
  /** The access tokens for a resource the service named, from its authorization server, over the credential store. */
  getTokenSource(resource: Pick<Service, 'issuer' | 'as' | 'resource' | 'scopes'>): Promise<TokenSource>;
  /** Tries to open `url` in a browser; false when this machine has none to open. */
  openBrowser(url: string): boolean;
  platform: NodeJS.Platform;
  arch: string;
  /** The user's home folder and the working folder (the project, for `mcp install --project`). */
  home: string;
  cwd: string;
  /** The running binary, and whether it is the single executable (not a development run). */
  execPath: string;
  isBinary: boolean;
}

/** Adds `--base-url <url>` to a command that talks to the service. */
export function withBaseUrl(command: Command, f: Pick<Factory, 'defaults'>): Command {
  const { envPrefix, baseUrl } = f.defaults;
  return command.option('--base-url <url>', `the service (default: ${envPrefix}_BASE_URL, else ${baseUrl})`);
}

/**
 * The system's handler for a URL, as a command and its leading arguments: `open` on macOS; on Windows
 * `rundll32 url.dll,FileProtocolHandler`, which takes the URL as one argument (`cmd /c start` would split it
 * at every `&`); `xdg-open` where a desktop session runs; none otherwise (a server: the device flow is better).
 */
export function toBrowserOpener(platform: string, env: Record<string, string | undefined>): string[] | undefined {
  if (platform === 'darwin') return ['open'];
  if (platform === 'win32') return ['rundll32', 'url.dll,FileProtocolHandler'];
  return env.DISPLAY || env.WAYLAND_DISPLAY ? ['xdg-open'] : undefined;
}

/** The real process's factory. */
export function createFactory(proc: NodeJS.Process, defaults: BuildDefaults, isBinary: boolean): Factory {
  const env = proc.env;
  const getenv = (name: string) => env[`${defaults.envPrefix}_${name}`] || undefined;
  let store: Promise<CredentialStore> | undefined;
  const factory: Factory = {
    defaults,
    stdin: proc.stdin,
    stdout: proc.stdout,
    out: (text) => void proc.stdout.write(`${text}\n`),
    err: (text) => void proc.stderr.write(`${text}\n`),
    env,
    fetch: globalThis.fetch,
    now: Date.now,
    getenv,
    getBaseUrl: (flag) => {
      const [value, what] = flag
        ? [flag, '--base-url']
        : getenv('BASE_URL')
          ? [getenv('BASE_URL')!, `${defaults.envPrefix}_BASE_URL`]
          : [defaults.baseUrl, 'The base URL'];
      return toCanonicalUrl(requireSecureUrl(value, what));
    },
    getStore: () =>
      (store ??= loadCores().then((m) =>
        m.createCredentialStore(toConfigDir(env, env.HOME || homedir(), defaults.binary, proc.platform), proc.platform),
      )),
    getTokenSource: async ({ issuer, as, resource, scopes }) => {
      const { createTokenSource } = await loadCores();
      return createTokenSource({ store: await factory.getStore(), issuer, as, resource, scopes, fetch: factory.fetch, now: factory.now });
    },
    openBrowser: (url) => {
      const opener = toBrowserOpener(proc.platform, env);
      if (!opener) return false;
      try {
        const child = spawn(opener[0], [...opener.slice(1), url], { stdio: 'ignore', detached: true, windowsHide: true });
        child.on('error', () => {});
        child.unref();
        return true;
      } catch {
        return false;
      }
    },
    platform: proc.platform,
    arch: proc.arch,
    home: (proc.platform === 'win32' ? env.USERPROFILE : env.HOME) || homedir(),
    cwd: proc.cwd(),
    execPath: proc.execPath,
    isBinary,
  };
  return factory;
}
