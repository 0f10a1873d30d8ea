import { join } from 'node:path';

/** `$XDG_CONFIG_HOME/warden`, else `~/.config/warden` (XDG Base Directory Specification). */
export function toConfigDir(env: Record<string, string | undefined>, home: string, binary: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  return xdg && xdg.startsWith('/') ? join(xdg, binary) : join(home, '.config', binary);
}
