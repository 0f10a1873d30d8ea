import type { Site } from '../content-model/schemas/site.ts';
import type { BuildDefaults } from './build-defaults.ts';
import { toTarget } from './core/release-sums.ts';

/**
 * The facts a binary bakes in, from the content as the build read it (BASE_URL, RELEASE_ARCHIVE and
 * RELEASE_PUBLIC_KEY applied). The target is this machine's; the release build sets each binary's own.
 */
export function toBuildDefaults(site: Site): BuildDefaults {
  return {
    binary: site.cli.binary,
    product: site.product.name,
    version: site.product.version,
    baseUrl: site.base_url,
    clientId: site.cli.client_id,
    releaseArchive: site.cli.release_archive,
    envPrefix: site.cli.env_prefix,
    targets: site.cli.targets,
    target: toTarget(process.platform, process.arch, site.cli.targets) ?? `${process.platform}-${process.arch}`,
    releaseSigningKey: site.cli.release_signing_key,
    protocolVersions: site.mcp.protocol_versions,
    // The MCP Registry's `<namespace>/<name>`: agents' files name a server by the part after the slash.
    docsServerName: site.mcp.docs_server.server_name.split('/')[1]!,
  };
}
