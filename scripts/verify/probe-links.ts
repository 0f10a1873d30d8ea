import { toAuthorizationServerMetadataUrl } from '../../runtime/oauth/metadata-url.ts';
import type { LinkProbe } from '../../verify/check-links.ts';
import { isSameHost, type NamedLink } from '../../verify/collect-links.ts';
import { mapLimited, probe } from './probe.ts';
import { postRpc, RPC_BODIES } from './rpc-requests.ts';

/** Tries each named address the way its kind needs, at most 8 at a time; other origins are skipped when asked. */
export async function probeLinks(
  links: NamedLink[],
  base: string,
  options: { skipExternal: boolean; timeoutMs: number },
): Promise<LinkProbe[]> {
  return mapLimited(links, 8, async (link) => {
    if (options.skipExternal && !isSameHost(link.url, base)) return { link };
    if (link.kind === 'mcp') return { link, probe: await postRpc(link.url, RPC_BODIES.initialize, options) };
    if (link.kind === 'issuer') {
      const first = await probe(toAuthorizationServerMetadataUrl(link.url), options);
      if (first.status >= 200 && first.status < 300) return { link, probe: first };
      // OpenID Connect Discovery 1.0 §4: an OpenID provider appends its well-known path to the issuer instead.
      return { link, probe: await probe(`${link.url.replace(/\/$/, '')}/.well-known/openid-configuration`, options) };
    }
    return { link, probe: await probe(link.url, { ...options, follow: !isSameHost(link.url, base) }) };
  });
}
