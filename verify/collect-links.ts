import { MCP_PATHS, PATHS } from '../facts/paths.ts';

/** An address a published document names, and how to prove it resolves. */
export interface NamedLink {
  url: string;
  /** `get`: a GET answers 2xx; `mcp`: an MCP endpoint (the tool endpoint or the docs server), proved by a credential-free `initialize`; `issuer`: an OAuth issuer, proved by its metadata. */
  kind: 'get' | 'mcp' | 'issuer';
  /** The documents that name it. */
  sources: string[];
}

const isMcpEndpoint = (url: URL) => [...MCP_PATHS, PATHS.mcpDocs].includes(url.pathname.replace(/\/$/, ''));

function toKind(url: URL, keyPath: string[]): NamedLink['kind'] {
  if (keyPath.includes('authorization_servers') || keyPath.at(-1) === 'issuer') return 'issuer';
  return isMcpEndpoint(url) ? 'mcp' : 'get';
}

function* walk(value: unknown, keyPath: string[]): Generator<{ url: string; keyPath: string[] }> {
  if (typeof value === 'string' && /^https?:\/\//.test(value)) yield { url: value, keyPath };
  else if (Array.isArray(value)) for (const v of value) yield* walk(v, keyPath);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, [...keyPath, k]);
}

// An address written after a method other than GET (`POST https://…/api/feedback`) is one a client sends to, not one
// it follows: a GET there need not answer 2xx (RFC 9110 §9.3).
const SENT_TO = /\b(?:POST|PUT|PATCH|DELETE)\s+`?$/;

/**
 * The absolute addresses in a markdown/text document a client would follow: link targets and bare URLs, trailing
 * punctuation trimmed, less those written as another method's target.
 */
export function toTextUrls(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s)<>"'`\]]+/g)]
    .filter((m) => !SENT_TO.test(text.slice(Math.max(0, m.index - 10), m.index)))
    .map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

/** Collects every address named by the given documents (JSON values or text), deduplicated, fragment removed. */
export function collectLinks(documents: { source: string; body: unknown }[]): NamedLink[] {
  const links = new Map<string, NamedLink>();
  const add = (raw: string, source: string, keyPath: string[]) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return;
    }
    url.hash = '';
    const key = url.href;
    const found = links.get(key) ?? { url: key, kind: toKind(url, keyPath), sources: [] };
    if (!found.sources.includes(source)) found.sources.push(source);
    links.set(key, found);
  };
  for (const { source, body } of documents) {
    if (typeof body === 'string') for (const u of toTextUrls(body)) add(u, source, []);
    else for (const { url, keyPath } of walk(body, [])) add(url, source, keyPath);
  }
  return [...links.values()];
}

/** Whether an address is on the deployment's own origin. */
export function isSameHost(url: string, base: string): boolean {
  return new URL(url).origin === new URL(base).origin;
}
