const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** Parameters of one Bearer challenge (RFC 6750 §3, RFC 9728 §5.1). */
export interface ChallengeParams {
  error?: 'invalid_token' | 'insufficient_scope';
  description?: string;
  scope?: string;
  resourceMetadata: string;
}

/**
 * A `WWW-Authenticate: Bearer …` value. Without `error` it is the bare challenge for a request that
 * carried no credential (RFC 6750 §3.1: no error code then), with the scope hint (mcp.md §6.2).
 */
export function toChallenge(params: ChallengeParams): string {
  // Contract §4.2 rule 2 gives the form `Bearer resource_metadata=<metadata_url>`: it leads, the rest follow.
  const parts = [`resource_metadata=${quote(params.resourceMetadata)}`];
  if (params.error) parts.push(`error=${quote(params.error)}`);
  if (params.description) parts.push(`error_description=${quote(params.description)}`);
  if (params.scope) parts.push(`scope=${quote(params.scope)}`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * Points an upstream challenge at this host's metadata: the proxied origin must not leak a
 * `resource_metadata` naming its own host (mcp.md §6.5), or clients would fetch the wrong document.
 */
export function toRewrittenChallenge(header: string, resourceMetadata: string): string {
  const value = quote(resourceMetadata);
  const replaced = header.replace(/resource_metadata\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]+)/gi, () => `resource_metadata=${value}`);
  if (replaced !== header || !/^\s*bearer\b/i.test(header)) return replaced;
  return `${header.trimEnd()}${/bearer\s*$/i.test(header) ? ' ' : ', '}resource_metadata=${value}`;
}
