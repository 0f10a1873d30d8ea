import type { Site } from '../src/schemas/site.ts';
import type { BuildDefaults } from './build-defaults.ts';

/** The facts a binary bakes in, from the content as the build read it (BASE_URL and RELEASE_ARCHIVE applied). */
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
    protocolVersions: site.mcp.protocol_versions,
  };
}
