/** One HTTP exchange as the checks see it: plain data, so checks stay pure and testable without a network. */
export interface Probe {
  method: string;
  url: string;
  /** HTTP status; 0 when no answer came (the error says why). */
  status: number;
  /** Response headers, names lower-cased. */
  headers: Record<string, string>;
  text: string;
  /** Network or timeout error, when there was no answer. */
  error?: string;
}

/** The outcome of one check of a contract rule: pass, fail or skip, with the evidence that decided it. */
export interface RuleResult {
  /** The id of the rule in CONTRACT.md (e.g. `RPC-2`). */
  id: string;
  /** What was checked, in a few words (the path and method, for rules checked on both MCP paths). */
  rule: string;
  outcome: 'pass' | 'fail' | 'skip';
  evidence: string;
}

/** A passing check of rule `id` with its evidence. */
export const pass = (id: string, rule: string, evidence: string): RuleResult => ({ id, rule, outcome: 'pass', evidence });

/** A failing check of rule `id` with its evidence. */
export const fail = (id: string, rule: string, evidence: string): RuleResult => ({ id, rule, outcome: 'fail', evidence });

/** A check of rule `id` that was not made on purpose (e.g. external addresses with --skip-external). */
export const skip = (id: string, rule: string, evidence: string): RuleResult => ({ id, rule, outcome: 'skip', evidence });

/** A check of rule `id` that holds when no problems were found; otherwise fails listing them. */
export function toResult(id: string, rule: string, problems: string[], evidence: string): RuleResult {
  return problems.length === 0 ? pass(id, rule, evidence) : fail(id, rule, problems.join('; '));
}

/** The media type of a probe, without parameters, lower-cased ('' when absent). */
export function toMediaType(probe: Probe): string {
  return (probe.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Short evidence for a probe: `GET /path → 200 application/json`. */
export function toEvidence(probe: Probe): string {
  if (probe.status === 0) return `${probe.method} ${probe.url} → no answer (${probe.error ?? 'unknown error'})`;
  return `${probe.method} ${new URL(probe.url).pathname} → ${probe.status} ${probe.headers['content-type'] ?? '(no content-type)'}`;
}

/** Parses a probe's body as JSON; undefined when it is not JSON. */
export function toJson(probe: Probe): unknown {
  try {
    return JSON.parse(probe.text);
  } catch {
    return undefined;
  }
}

/** Problems with a probe's status and media type, as sentences (empty when both are as expected). */
export function checkStatusAndType(probe: Probe, status: number, types: string[]): string[] {
  if (probe.status === 0) return [toEvidence(probe)];
  const problems: string[] = [];
  if (probe.status !== status) problems.push(`${probe.method} ${new URL(probe.url).pathname}: status ${probe.status}, expected ${status}`);
  const type = toMediaType(probe);
  if (!types.includes(type)) problems.push(`content-type "${probe.headers['content-type'] ?? ''}", expected ${types.join(' or ')}`);
  return problems;
}
