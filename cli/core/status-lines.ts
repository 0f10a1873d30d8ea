import type { CredentialFile } from './credential-file.ts';

/** `in 9 min`, `in 2 h`, `expired 3 min ago`. */
export function toRelativeTime(at: number, now: number): string {
  const seconds = Math.round((at - now) / 1000);
  const size = Math.abs(seconds);
  const amount =
    size < 90
      ? `${size} s`
      : size < 5400
        ? `${Math.round(size / 60)} min`
        : size < 172_800
          ? `${Math.round(size / 3600)} h`
          : `${Math.round(size / 86_400)} days`;
  return seconds >= 0 ? `expires in ${amount}` : `expired ${amount} ago`;
}

/** The lines of `auth status`: per authorization server, the login, the workload client and the cached tokens. */
export function toStatusLines(file: CredentialFile, now: number): string[] {
  const lines: string[] = [];
  for (const [issuer, entry] of Object.entries(file.issuers)) {
    if (!entry.login && !entry.workload) continue;
    lines.push(`${issuer} (authorization server)`);
    if (entry.login) {
      const l = entry.login;
      lines.push(
        `  Logged in${l.subject ? ` as ${l.subject}` : ''} with client ${l.client_id} since ${l.logged_in_at}; scopes: ${l.scope || 'none'}`,
      );
    }
    if (entry.workload) {
      const w = entry.workload;
      lines.push(
        `  Workload client ${w.client_id} (${w.token_endpoint_auth_method}), registered ${w.registered_at}; scopes: ${w.scope ?? 'as granted'}`,
      );
    }
    for (const [resource, token] of Object.entries(entry.tokens)) {
      lines.push(
        `  Access token for ${resource} (from the ${token.from === 'login' ? 'login' : 'workload client'}): ${toRelativeTime(token.expires_at, now)}`,
      );
    }
    if (entry.login && entry.workload) lines.push('  Calls use the login; the workload client is used when there is no login.');
  }
  return lines;
}
