import { DIST } from '../built-site.ts';
import { startEdgeInFront, toDocsFiles } from '../edge-in-front.ts';
import { getFreePort, getWorkloadToken, makeDataDir, startTestSandbox } from '../sandbox-fixture.ts';

/**
 * The edge server on its own loopback address (its base URL) in front of the sandbox, with no site but what the MCP
 * paths read: the metadata, and the test build's twins and search index for the docs MCP server.
 */
export interface EdgeWithSandbox {
  baseUrl: string;
  sandboxUrl: string;
  /** A real client-credentials access token from the sandbox, for this base URL. */
  getToken(): Promise<string>;
  close(): Promise<void>;
}

/** Starts the sandbox and the edge (production forwarder, remote JWKS) on free 127.0.0.1 ports. */
export async function startEdgeWithSandbox(): Promise<EdgeWithSandbox> {
  const port = await getFreePort();
  const data = makeDataDir();
  const sandbox = await startTestSandbox(data.dataDir, undefined, `http://127.0.0.1:${port}`);
  const edge = await startEdgeInFront(port, sandbox, toDocsFiles(DIST));
  return {
    baseUrl: edge.baseUrl,
    sandboxUrl: sandbox.url,
    getToken: () => getWorkloadToken(sandbox),
    async close() {
      await edge.close();
      await sandbox.close();
      data.remove();
    },
  };
}
