import { afterAll, beforeAll } from 'vitest';
import { startClientDocuments, type ClientDocuments } from '../client-documents.ts';
import { DIST } from '../built-site.ts';
import { startEdgeInFront, toDocsFiles, type RunningEdge } from '../edge-in-front.ts';
import { startSandboxProcess, type SandboxProcess } from '../sandbox-process.ts';
import { getFreePort } from '../../../harness/free-port.ts';
import { makeDataDir } from '../sandbox-fixture.ts';

/** One address an MCP client may be given, and the resource (RFC 9728 `resource`, RFC 8707 audience) it finds. */
export interface Address {
  name: AddressName;
  url: string;
  resource: string;
}

/** The three addresses a client may be given: the hosted endpoint, the edge's /mcp and its /.well-known/mcp. */
export const ADDRESS_NAMES = ['the hosted endpoint', "the edge's /mcp", "the edge's /.well-known/mcp"] as const;
export type AddressName = (typeof ADDRESS_NAMES)[number];

/** The whole system as a user meets it: the edge, the hosted origin behind it, and where clients publish documents. */
export interface ClientSystem {
  edgeUrl: string;
  /** The hosted origin (the sandbox): issuer, and the resource of `<app_url>/mcp`. */
  hostedUrl: string;
  /** One of the three addresses, by name. */
  address(name: AddressName): Address;
  documents: ClientDocuments;
}

/**
 * Starts, for one test file, the sandbox in a process of its own (it must trust the documents' test CA, which
 * Node reads only at start), the edge in this process in front of it, and the document server; stops all after.
 */
export function useClientSystem(): ClientSystem {
  const dir = makeDataDir();
  let documents: ClientDocuments | undefined;
  let sandbox: SandboxProcess | undefined;
  let edge: RunningEdge | undefined;
  beforeAll(async () => {
    documents = await startClientDocuments();
    const port = await getFreePort();
    sandbox = await startSandboxProcess({
      SANDBOX_DATA_DIR: dir.dataDir,
      BASE_URL: `http://127.0.0.1:${port}`,
      NODE_EXTRA_CA_CERTS: documents.caFile,
    });
    edge = await startEdgeInFront(port, { url: sandbox.url, issuer: sandbox.url, jwksUri: `${sandbox.url}/jwks` }, toDocsFiles(DIST));
  });
  afterAll(async () => {
    await edge?.close();
    await sandbox?.close();
    await documents?.close();
    dir.remove();
  });
  const started = <T>(part: T | undefined): T => {
    if (!part) throw new Error('the client system is used before beforeAll started it');
    return part;
  };
  return {
    get edgeUrl() {
      return started(edge).baseUrl;
    },
    get hostedUrl() {
      return started(sandbox).url;
    },
    get documents() {
      return started(documents);
    },
    address(name) {
      const edgeUrl = started(edge).baseUrl;
      const hostedUrl = started(sandbox).url;
      // Each origin is its own resource (RFC 9728 §3.3); both edge paths share the edge's, the origin.
      if (name === 'the hosted endpoint') return { name, url: `${hostedUrl}/mcp`, resource: hostedUrl };
      return { name, url: `${edgeUrl}${name === "the edge's /mcp" ? '/mcp' : '/.well-known/mcp'}`, resource: edgeUrl };
    },
  };
}
