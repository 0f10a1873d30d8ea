import { isDeepStrictEqual } from 'node:util';
import { PATHS, toUrl } from '../facts/paths.ts';
import { RPC_RESULT_SCHEMA, TOOLS_LIST_SCHEMA } from './contract-schemas.ts';
import { toEvidence, toJson, toMediaType, toResult, type Probe, type RuleResult } from './rule-result.ts';
import { validateSchema } from './validate-schema.ts';

/** The JSON-RPC message of an MCP answer: the JSON body, or the SSE event that carries a response (MCP Streamable HTTP). */
export function toRpcMessage(probe: Probe): Record<string, unknown> | undefined {
  if (toMediaType(probe) !== 'text/event-stream') return toJson(probe) as Record<string, unknown> | undefined;
  const events = probe.text.split(/\r?\n\r?\n/).map((event) =>
    event
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n'),
  );
  for (const data of events.reverse()) {
    try {
      const message = JSON.parse(data) as Record<string, unknown>;
      if ('result' in message || 'error' in message) return message;
    } catch {
      // not JSON: keep looking
    }
  }
  return undefined;
}

/** Contract RPC-3 (or the rule `id` names): a public method answers 200 with a JSON-RPC result and needs no credential. */
export function checkPublicMethod(
  id: string,
  path: string,
  method: string,
  probe: Probe,
  check?: (result: Record<string, unknown>) => string[],
): RuleResult {
  const rule = `${path} ${method} without a credential: 200 and a result`;
  const problems: string[] = [];
  const message = toRpcMessage(probe);
  if (probe.status !== 200) problems.push(`${toEvidence(probe)}: ${probe.text.slice(0, 160)}`);
  else if (!message) problems.push(`no JSON-RPC message in the ${toMediaType(probe)} body`);
  else {
    problems.push(
      ...validateSchema(RPC_RESULT_SCHEMA, message).map(
        (e) => `JSON-RPC: ${e}${message.error ? ` (error ${JSON.stringify(message.error)})` : ''}`,
      ),
    );
    if (message.result && check) problems.push(...check(message.result as Record<string, unknown>));
  }
  return toResult(
    id,
    rule,
    problems,
    `${toEvidence(probe)}, result keys ${Object.keys((message?.result as object) ?? {}).join(',') || '-'}`,
  );
}

/** Problems with a `tools/list` result: its shape, the one `/mcp/tools.json` has (contract DOC-6). */
export function checkToolsResult(result: Record<string, unknown>): string[] {
  return validateSchema(TOOLS_LIST_SCHEMA, result).map((e) => `tools: ${e}`);
}

/** Contract RPC-2: `tools/call` without a token → 401 with `WWW-Authenticate: Bearer resource_metadata="<metadata_url>"`. */
export function checkChallenge(path: string, probe: Probe, base: string): RuleResult {
  const rule = `${path} tools/call without a Bearer token: 401 + challenge`;
  const metadata = toUrl(base, PATHS.protectedResource);
  const header = probe.headers['www-authenticate'] ?? '';
  const problems: string[] = [];
  if (probe.status !== 401) problems.push(`${toEvidence(probe)}, expected 401`);
  // RPC-2's form: the Bearer scheme with resource_metadata as its first parameter, naming this host's metadata.
  const prefix = `Bearer resource_metadata="${metadata}"`;
  if (!(header === prefix || header.startsWith(`${prefix},`) || header.startsWith(`${prefix} `))) {
    problems.push(`WWW-Authenticate ${JSON.stringify(header)} does not start with ${prefix}`);
  }
  return toResult('RPC-2', rule, problems, `${probe.status} WWW-Authenticate: ${header}`);
}

/** Contract RPC-1: the `tools/list` result lists the same tools as `GET /mcp/tools.json`. */
export function checkToolsEqual(path: string, probe: Probe, toolsJson: Probe): RuleResult {
  const rule = `${path} tools/list equals /mcp/tools.json`;
  const listed = (toRpcMessage(probe)?.result as { tools?: { name: string }[] } | undefined)?.tools;
  const published = (toJson(toolsJson) as { tools?: { name: string }[] } | undefined)?.tools;
  if (!listed || !published)
    return toResult('RPC-1', rule, [`missing list: tools/list ${listed ? 'ok' : 'absent'}, tools.json ${published ? 'ok' : 'absent'}`], '');
  const byName = (tools: { name: string }[]) => [...tools].sort((a, b) => a.name.localeCompare(b.name));
  const problems: string[] = [];
  if (!isDeepStrictEqual(byName(listed), byName(published))) {
    const a = new Set(listed.map((t) => t.name));
    const b = new Set(published.map((t) => t.name));
    const onlyRpc = [...a].filter((n) => !b.has(n));
    const onlyFile = [...b].filter((n) => !a.has(n));
    problems.push(
      `differ: only in tools/list [${onlyRpc.join(',')}], only in tools.json [${onlyFile.join(',')}]${onlyRpc.length + onlyFile.length === 0 ? ' (same names, different definitions)' : ''}`,
    );
  }
  return toResult('RPC-1', rule, problems, `${listed.length} tools, identical to tools.json`);
}
