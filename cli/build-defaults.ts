/** Facts baked into the binary at build time (from content/site.yaml and the build's environment). */
export interface BuildDefaults {
  binary: string;
  product: string;
  version: string;
  /** The service a command talks to unless `--base-url` / `<ENV_PREFIX>_BASE_URL` says otherwise. */
  baseUrl: string;
  /** The CLI's own public OAuth client (content `cli.client_id`). */
  clientId: string;
  /** Where `self update` downloads from unless `<ENV_PREFIX>_DOWNLOAD_URL` says otherwise (the installer's variable). */
  releaseArchive: string;
  envPrefix: string;
  targets: string[];
  /** The target this binary was built for (`linux-x64-musl`, …): `self update` fetches the same one. */
  target: string;
  /** The release signing key's public line: `self update` refuses a release whose SHA256SUMS it did not sign. */
  releaseSigningKey: string;
  protocolVersions: string[];
  /** The docs MCP server's name in an agent's file (the name part of content `mcp.docs_server.server_name`). */
  docsServerName: string;
}
