import type { Operation } from '../content-model/schemas/operation.ts';
import { PATHS } from '../facts/paths.ts';

const code = (s: string) => `\`${s}\``;

/** `a`, `a and b`, `a, b and c`. */
export function toList(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * What an operation's page says about credentials (markdown): none for a public operation; on the tool endpoint,
 * none for the public methods (content `mcp.public_methods`) and a Bearer token for every other method.
 */
export function toAuthSummary(op: Pick<Operation, 'auth' | 'scopes'>, publicMethods: readonly string[]): string {
  if (op.auth === 'none') return 'None. Anyone may call it.';
  const scopes = toList(op.scopes.map(code));
  if (op.auth === 'operator') {
    return (
      `\`Authorization: Bearer <ACCESS_TOKEN>\` with the scope ${scopes}, on every call (see ` +
      `[Authentication](${PATHS.authenticationDoc})). Without a token 401, with a token lacking the scope 403.`
    );
  }
  return (
    `None for ${toList(publicMethods.map(code))}. Every other method, \`tools/call\` included, needs ` +
    `\`Authorization: Bearer <ACCESS_TOKEN>\` with the scope ${scopes} (see [Authentication](${PATHS.authenticationDoc})).`
  );
}
