import { MCP_PATHS, PATHS, toPagePath, toTwinPath, toUrl } from '../../facts/paths.ts';
import { checkDocument, checkHealthAlias, checkMarkdown, checkProblem } from '../../verify/check-documents.ts';
import { checkLinks } from '../../verify/check-links.ts';
import { checkLlmsSections, toSectionUrls } from '../../verify/check-llms.ts';
import { checkChallenge, checkPublicMethod, checkToolsEqual, checkToolsResult } from '../../verify/check-mcp.ts';
import { collectLinks, isSameHost } from '../../verify/collect-links.ts';
import { toDocumentRules } from '../../verify/document-rules.ts';
import { toJson, toResult, type RuleResult } from '../../verify/rule-result.ts';
import { probeLinks } from './probe-links.ts';
import { postRpc, RPC_BODIES } from './rpc-requests.ts';
import { probe } from './probe.ts';

/** How a verification run behaves. */
export interface VerifyOptions {
  /** Do not try addresses on other origins (the example domains of a local build do not exist). */
  skipExternal?: boolean;
  /** Per-request time limit in ms. */
  timeoutMs?: number;
}

/** The outcome of a run: the rule rows, or why the deployment could not be reached at all. */
export type VerifyOutcome = { reachable: true; results: RuleResult[] } | { reachable: false; reason: string };

/** Checks a running deployment at `baseUrl` against the rules of CONTRACT.md and returns one row per check, with its rule's id. */
export async function runVerify(baseUrl: string, options: VerifyOptions = {}): Promise<VerifyOutcome> {
  const base = baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const get = (path: string, headers?: Record<string, string>) => probe(toUrl(base, path), { headers, timeoutMs });
  const health = await get(PATHS.health);
  if (health.status === 0) return { reachable: false, reason: `${base} does not answer: ${health.error}` };

  const rules = toDocumentRules();
  const documents = await Promise.all(rules.map((r) => (r.path === PATHS.health ? health : get(r.path))));
  const results = rules.map((rule, i) => checkDocument(rule, documents[i]!, base));
  const byPath = (path: string) => documents[rules.findIndex((r) => r.path === path)]!;
  results.push(checkHealthAlias(health, await get(PATHS.healthV1)));

  const unknown = `${PATHS.apiPrefix}verify-unknown-${Date.now().toString(36)}`;
  results.push(checkProblem(await get(unknown), unknown));

  const llms = byPath(PATHS.llms).text;
  results.push(checkLlmsSections(await Promise.all(toSectionUrls(llms).map((url) => probe(url, { timeoutMs })))));

  // A page the site itself advertises: the first same-host docs twin in llms.txt, else the home page.
  const twinUrl = [...llms.matchAll(/\((https?:\/\/[^)\s]+\.md)\)/g)]
    .map((m) => m[1]!)
    .find((u) => isSameHost(u, base) && new URL(u).pathname.startsWith('/docs/'));
  const page = twinUrl ? toPagePath(new URL(twinUrl).pathname) : PATHS.home;
  const [html, negotiated, twin] = await Promise.all([
    get(page, { accept: 'text/html' }),
    get(page, { accept: 'text/markdown' }),
    get(toTwinPath(page)),
  ]);
  results.push(...checkMarkdown(page, toTwinPath(page), html, negotiated, twin));

  for (const path of MCP_PATHS) {
    const url = toUrl(base, path);
    const [init, ping, list, discover, call] = await Promise.all([
      postRpc(url, RPC_BODIES.initialize, { timeoutMs }),
      postRpc(url, RPC_BODIES.ping, { timeoutMs }),
      postRpc(url, RPC_BODIES.toolsList, { timeoutMs }),
      postRpc(url, RPC_BODIES.discover, { timeoutMs, modern: true }),
      postRpc(url, RPC_BODIES.toolsCall, { timeoutMs }),
    ]);
    results.push(
      checkPublicMethod('RPC-3', path, 'initialize', init, (r) =>
        typeof r.protocolVersion === 'string' ? [] : ['result has no protocolVersion'],
      ),
      checkPublicMethod('RPC-3', path, 'ping', ping),
      checkPublicMethod('RPC-3', path, 'tools/list', list, checkToolsResult),
      // SERVICE-3: the endpoint speaks MCP, whose 2026-07-28 handshake is server/discover (content/docs/versioning.md).
      checkPublicMethod('SERVICE-3', path, 'server/discover', discover, (r) =>
        Array.isArray(r.supportedVersions) ? [] : ['result has no supportedVersions'],
      ),
      checkChallenge(path, call, base),
      checkToolsEqual(path, list, byPath(PATHS.toolsJson)),
    );
  }

  const named = collectLinks([
    { source: PATHS.health, body: toJson(health) },
    { source: PATHS.devCatalog, body: toJson(byPath(PATHS.devCatalog)) },
    { source: PATHS.apiCatalogJson, body: toJson(byPath(PATHS.apiCatalogJson)) },
    { source: PATHS.mcpManifest, body: toJson(byPath(PATHS.mcpManifest)) },
    { source: PATHS.llms, body: llms },
  ]);
  const tried = await probeLinks(named, base, { skipExternal: options.skipExternal ?? false, timeoutMs });
  const sameHost = (l: { link: { url: string } }) => isSameHost(l.link.url, base);
  const why = '--skip-external';
  // ENDPOINT-1: an address a document names is one a client follows, so it answers; tool endpoints prove themselves
  // with a credential-free initialize (ENDPOINT-14, RPC-3), authorization servers with their metadata (AUTH-6).
  results.push(
    checkLinks(
      'ENDPOINT-1',
      'same-host addresses named answer 2xx',
      tried.filter((t) => t.link.kind === 'get' && sameHost(t)),
      why,
    ),
    checkLinks(
      'ENDPOINT-14',
      'tool endpoints named answer initialize',
      tried.filter((t) => t.link.kind === 'mcp'),
      why,
    ),
    checkLinks(
      'AUTH-6',
      'authorization servers named have metadata',
      tried.filter((t) => t.link.kind === 'issuer'),
      why,
    ),
    checkLinks(
      'ENDPOINT-1',
      'other-origin addresses named answer 2xx',
      tried.filter((t) => t.link.kind === 'get' && !sameHost(t)),
      why,
    ),
  );
  if (named.length === 0) results.push(toResult('ENDPOINT-1', 'addresses found in the documents', ['none found'], ''));
  return { reachable: true, results };
}
