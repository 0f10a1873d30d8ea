import type { Site } from '../schemas/site.ts';
import { PATHS, toUrl } from './paths.ts';

/** The values content may name as `{name}`: the addresses and names a build is made for. */
export type Placeholders = Readonly<Record<string, string>>;

/** The placeholders of one build, from its site facts (BASE_URL, APP_URL and AUTH_ISSUER applied). */
export function toPlaceholders(site: Site & { auth_issuer: string }): Placeholders {
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
  };
}

const PLACEHOLDER = /\{([a-z][a-z_]*)\}/g;

/** Fills every `{name}` of a content text; an unknown name throws, naming where it was written. */
export function fillPlaceholders(text: string, values: Placeholders, where: string): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${where}: unknown placeholder ${match} (known: ${Object.keys(values).map((k) => `{${k}}`).join(', ')})`);
    return value;
  });
}
