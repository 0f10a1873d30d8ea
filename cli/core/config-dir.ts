import { join, win32 } from 'node:path';

/**
 * Where the CLI keeps its files: on Windows `%APPDATA%\\<binary>` (the roaming profile folder, private to the
 * user), elsewhere `$XDG_CONFIG_HOME/<binary>`, else `~/.config/<binary>` (XDG Base Directory Specification).
 */
export function toConfigDir(
  env: Record<string, string | undefined>,
  home: string,
  binary: string,
  platform: string = process.platform,
): string {
  if (platform === 'win32') return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), binary);
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  return xdg?.startsWith('/') ? join(xdg, binary) : join(home, '.config', binary);
}
