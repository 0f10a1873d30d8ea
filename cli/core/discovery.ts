import { CliError, type CliErrorCode } from './cli-error.ts';
import { getJson, type Fetch } from '../../runtime/oauth/fetch-json.ts';
import { requireSecureUrl } from '../../runtime/oauth/secure-url.ts';

/**
 * The hosted tool endpoint of a service: the `mcp` field of its health document (contract HEALTH-1), else the
 * first remote of its tool manifest (`/.well-known/mcp.json`).
 */
export async function discoverMcpUrl(fetcher: Fetch, baseUrl: string): Promise<URL> {
  let health: Record<string, unknown> | undefined;
  try {
    health = await getJson(fetcher, `${baseUrl}/api/health`, 'The health document');
  } catch (error) {
    if ((error as { code?: CliErrorCode }).code !== 'ERR_BAD_DOCUMENT') throw error;
  }
  if (typeof health?.mcp === 'string') return requireSecureUrl(health.mcp, 'The tool endpoint');
  const manifest = await getJson(fetcher, `${baseUrl}/.well-known/mcp.json`, 'The tool manifest');
  const remote = (manifest.remotes as { url?: unknown }[] | undefined)?.find((r) => typeof r?.url === 'string');
  if (!remote)
    throw new CliError(
      `${baseUrl} names no tool endpoint (no mcp in /api/health, no remotes in /.well-known/mcp.json)`,
      'ERR_BAD_DOCUMENT',
    );
  return requireSecureUrl(String(remote.url), 'The tool endpoint');
}
