import type { Content } from '../../content-model/read-content.ts';
import { PATHS, toUrl } from '../../facts/paths.ts';

/** What the Try it panel and page need to sign a person in: the docs client, its redirect, the resource and scopes. */
export interface TryItConfig {
  clientId: string;
  redirectUri: string;
  /** The resource the token is for: the base URL, whose same-host tool endpoint the panel calls (RFC 8707). */
  resource: string;
  scope: string;
}

/**
 * The sign-in facts of this build, from its content. The panel asks for every scope the tools use, not the
 * operator's: a token the panel holds in the page can call tools but not read or change anyone's feedback.
 */
export function toTryItConfig({ site }: Pick<Content, 'site'>): TryItConfig {
  return {
    clientId: site.try_it.client_id,
    redirectUri: toUrl(site.base_url, PATHS.tryIt),
    resource: site.base_url,
    scope: site.scopes
      .map((s) => s.name)
      .filter((name) => name !== site.operator_scope)
      .join(' '),
  };
}

/**
 * The operator's feedback page's sign-in: the same public client, returning to that page, asking only for the
 * operator scope, which the operator's reads of `/api/feedback` need.
 */
export function toOperatorSignInConfig({ site }: Pick<Content, 'site'>): TryItConfig {
  return { ...toTryItConfig({ site }), redirectUri: toUrl(site.base_url, PATHS.feedbackView), scope: site.operator_scope };
}
