import { execFileSync } from 'node:child_process';

/** The arguments a POSIX shell passes to `curl` for a command: sh parses it, with curl stubbed to print its argv. */
export function toCurlArgs(command: string, env: Record<string, string> = {}): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}`;
  const out = execFileSync('sh', ['-c', script], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

/** Every value given to a flag, e.g. all `-H` headers. */
export function toFlagValues(args: string[], flag: string): string[] {
  return args.flatMap((a, i) => (a === flag && i + 1 < args.length ? [args[i + 1]!] : []));
}

/** The `Name: value` headers of a curl argv, keyed by lower-case name. */
export function toCurlHeaders(args: string[]): Record<string, string> {
  return Object.fromEntries(
    toFlagValues(args, '-H').map((h) => [h.slice(0, h.indexOf(':')).toLowerCase(), h.slice(h.indexOf(':') + 1).trim()]),
  );
}
