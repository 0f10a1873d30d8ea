import type { Site } from './schemas/site.ts';
import { PATHS, toUrl } from '../facts/paths.ts';
import { LOCAL, toLocalUrl } from '../runtime/local-defaults.ts';

/** The values content may name as `{name}`: the addresses and names a build is made for. */
export type Placeholders = Readonly<Record<string, string>>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a base URL names this machine (a build for `npm start`, `npm run dev` or a test). */
export function isLocalBuild(baseUrl: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(baseUrl).hostname);
}

/** The placeholders of one build, from its site facts (BASE_URL, APP_URL, AUTH_ISSUER and RELEASE_ARCHIVE applied). */
export function toPlaceholders(site: Site & { auth_issuer: string }): Placeholders {
  // Where `npm start` serves the site and the sandbox: this build's own addresses when it was made for this
  // machine, else the defaults, so a page read anywhere tells how to run the system locally.
  const local = isLocalBuild(site.base_url);
  return {
    product: site.product.name,
    base_url: site.base_url,
    app_url: site.app_url,
    auth_issuer: site.auth_issuer,
    docs_url: toUrl(site.base_url, site.docs_path),
    access_scope: site.access_scope,
    installer_url: toUrl(site.base_url, site.cli.installer_path),
    release_archive: site.cli.release_archive,
    authorization_server_metadata: toUrl(site.auth_issuer, PATHS.authorizationServerMetadata),
    local_base_url: local ? site.base_url : toLocalUrl(LOCAL.edgePort),
    local_app_url: local ? site.app_url : toLocalUrl(LOCAL.sandboxPort),
  };
}

/** `{name}`: a placeholder. Lower-case names only, so JSON (`{"a": 1}`) and OpenAPI templates (`{runId}`) stay as written. */
export const PLACEHOLDER = /\{([a-z][a-z_]*)\}/g;

/** Fills every `{name}` of a content text; an unknown name throws, naming where it was written. */
export function fillPlaceholders(text: string, values: Placeholders, where: string): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(
        `${where}: unknown placeholder ${match} (known: ${Object.keys(values)
          .map((k) => `{${k}}`)
          .join(', ')})`,
      );
    return value;
  });
}

/**
 * Fills every string inside a data value (an operation's examples and descriptions, a tool's example), except
 * under the keys in `keep` (an OpenAPI path template is not a placeholder). `where` names the field on error.
 */
export function fillPlaceholdersDeep<T>(value: T, values: Placeholders, where: string, keep: ReadonlySet<string> = new Set()): T {
  if (typeof value === 'string') return fillPlaceholders(value, values, where) as T;
  if (Array.isArray(value)) return value.map((v, i) => fillPlaceholdersDeep(v, values, `${where}.${i}`, keep)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, keep.has(k) ? v : fillPlaceholdersDeep(v, values, where ? `${where}.${k}` : k, keep)]),
    ) as T;
  }
  return value;
}
