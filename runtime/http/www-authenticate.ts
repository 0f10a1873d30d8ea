const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** Parameters of one Bearer challenge (RFC 6750 §3, RFC 9728 §5.1). */
export interface ChallengeParams {
  error?: 'invalid_token' | 'insufficient_scope' | 'invalid_request';
  description?: string;
  scope?: string;
  resourceMetadata: string;
}

/**
 * A `WWW-Authenticate: Bearer …` value. Without `error` it is the bare challenge for a request that
 * carried no credential (RFC 6750 §3.1: no error code then), with the scope hint (MCP authorization).
 */
export function toChallenge(params: ChallengeParams): string {
  // Contract RPC-2's form is `Bearer resource_metadata=<metadata_url>`: it leads, the rest follow.
  const parts = [`resource_metadata=${quote(params.resourceMetadata)}`];
  if (params.error) parts.push(`error=${quote(params.error)}`);
  if (params.description) parts.push(`error_description=${quote(params.description)}`);
  if (params.scope) parts.push(`scope=${quote(params.scope)}`);
  return `Bearer ${parts.join(', ')}`;
}

// RFC 9110 §5.6.2 token and §5.6.4 quoted-string, each auth-param separated by a comma with optional whitespace.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const PARAM = new RegExp(`^[ \\t]*(${TOKEN})[ \\t]*=[ \\t]*(?:(${TOKEN})|"((?:[^"\\\\]|\\\\.)*)")[ \\t]*(,|$)`);

/**
 * Reads a `WWW-Authenticate` value made of one Bearer challenge into its parameters (RFC 9110 §11.6.1).
 * Undefined when it is not exactly that: another scheme, a token68, a second challenge, a malformed or
 * repeated parameter (RFC 9110 §11.2: each parameter name occurs once per challenge).
 */
export function parseBearerChallenge(header: string): Map<string, string> | undefined {
  const scheme = /^[ \t]*Bearer(?:[ \t]+|$)/i.exec(header);
  if (!scheme) return undefined;
  const params = new Map<string, string>();
  let rest = header.slice(scheme[0].length);
  while (rest.trim() !== '') {
    const match = PARAM.exec(rest);
    if (!match) return undefined;
    const name = match[1]!.toLowerCase();
    if (params.has(name)) return undefined;
    params.set(name, match[2] ?? match[3]!.replace(/\\(.)/g, '$1'));
    rest = rest.slice(match[0].length);
    if (match[4] === '' && rest.trim() !== '') return undefined;
  }
  return params;
}
