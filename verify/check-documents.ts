import { isDeepStrictEqual } from 'node:util';
import { PATHS } from '../facts/paths.ts';
import { PROBLEM_SCHEMA } from './contract-schemas.ts';
import type { DocumentRule } from './document-rules.ts';
import { checkStatusAndType, toEvidence, toJson, toResult, type Probe, type RuleResult } from './rule-result.ts';
import { validateSchema } from './validate-schema.ts';

/** Checks one GET document against its rule: 200, media type, schema and extra checks. */
export function checkDocument(rule: DocumentRule, probe: Probe, base: string): RuleResult {
  const problems = checkStatusAndType(probe, 200, rule.types);
  if (probe.status === 200) {
    const isJson = rule.schema !== undefined || rule.types.some((t) => t.endsWith('json'));
    const body = isJson ? toJson(probe) : probe.text;
    if (body === undefined) problems.push('body is not JSON');
    else {
      if (rule.schema) problems.push(...validateSchema(rule.schema, body).map((e) => `schema: ${e}`));
      if (rule.extra) problems.push(...rule.extra(body, base));
    }
  }
  return toResult(rule.id, rule.rule, problems, `${toEvidence(probe)}, ${probe.text.length} bytes`);
}

/** Contract VERSION-1: `/api/v1/health` answers the same status, media type and document as `/api/health`. */
export function checkHealthAlias(health: Probe, alias: Probe): RuleResult {
  const rule = 'GET /api/v1/health: identical to /api/health';
  const problems: string[] = [];
  if (alias.status !== health.status) problems.push(`status ${alias.status} vs ${health.status}`);
  if (alias.headers['content-type'] !== health.headers['content-type'])
    problems.push(`content-type "${alias.headers['content-type']}" vs "${health.headers['content-type']}"`);
  if (!isDeepStrictEqual(toJson(alias), toJson(health)) || toJson(alias) === undefined)
    problems.push(`bodies differ: ${alias.text.slice(0, 120)} vs ${health.text.slice(0, 120)}`);
  return toResult('VERSION-1', rule, problems, `${toEvidence(alias)}, same document as ${PATHS.health}`);
}

/** Contract PROBLEM-2 (and PROBLEM-1's envelope): an unknown `/api/*` path gets a 404 problem document with all seven fields. */
export function checkProblem(probe: Probe, path: string): RuleResult {
  const rule = 'GET unknown /api/*: 404 problem envelope';
  const problems = checkStatusAndType(probe, 404, ['application/problem+json']);
  const body = toJson(probe) as Record<string, unknown> | undefined;
  if (probe.status !== 0) {
    if (!body) problems.push('body is not JSON');
    else {
      problems.push(...validateSchema(PROBLEM_SCHEMA, body).map((e) => `schema: ${e}`));
      if (body.title !== 'Not Found') problems.push(`title ${JSON.stringify(body.title)}, expected "Not Found"`);
      if (body.code !== 'not_found') problems.push(`code ${JSON.stringify(body.code)}, expected "not_found"`);
      if (body.status !== 404) problems.push(`status field ${JSON.stringify(body.status)}, expected 404`);
      if (body.instance !== path) problems.push(`instance ${JSON.stringify(body.instance)}, expected "${path}"`);
    }
  }
  const fields = body ? Object.keys(body).join(',') : '-';
  return toResult('PROBLEM-2', rule, problems, `${toEvidence(probe)}; fields ${fields}; type ${String(body?.type ?? '-')}`);
}

const varyHasAccept = (p: Probe) => (p.headers.vary ?? '').split(',').some((v) => v.trim().toLowerCase() === 'accept' || v.trim() === '*');

/** Contract NEGOTIATE-1 and -2: a page's markdown by `Accept: text/markdown` and by `.md`, same twin; negotiated variants carry `Vary: Accept`. */
export function checkMarkdown(page: string, twinPath: string, html: Probe, negotiated: Probe, twin: Probe): RuleResult[] {
  const byAccept = checkStatusAndType(negotiated, 200, ['text/markdown']);
  if (negotiated.status === 200 && !varyHasAccept(negotiated)) byAccept.push('markdown variant has no Vary: Accept');
  if (html.status !== 200 || !['text/html'].includes((html.headers['content-type'] ?? '').split(';')[0]!))
    byAccept.push(`HTML variant: ${toEvidence(html)}`);
  else if (!varyHasAccept(html)) byAccept.push('HTML variant has no Vary: Accept');
  const byMd = checkStatusAndType(twin, 200, ['text/markdown']);
  if (twin.status === 200 && negotiated.status === 200 && twin.text !== negotiated.text)
    byMd.push('the .md body differs from the negotiated markdown');
  return [
    toResult(
      'NEGOTIATE-1',
      `Accept: text/markdown on ${page}: markdown, Vary: Accept`,
      byAccept,
      `${toEvidence(negotiated)}, vary "${negotiated.headers.vary ?? ''}"; HTML vary "${html.headers.vary ?? ''}"`,
    ),
    toResult(
      'NEGOTIATE-2',
      `GET ${twinPath}: the same markdown twin`,
      byMd,
      `${toEvidence(twin)}, ${twin.text.length} bytes${varyHasAccept(twin) ? ', vary Accept' : ''}`,
    ),
  ];
}
