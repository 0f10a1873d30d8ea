import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MCP_PATHS, PATHS } from '../../facts/paths.ts';
import { startEdgeWithSandbox, type EdgeWithSandbox } from '../helpers/clients/edge-with-sandbox.ts';
import { runScenario, toFailures } from '../helpers/clients/run-conformance.ts';
import { startTokenProxy } from '../helpers/clients/token-proxy.ts';

// The official MCP conformance scenarios that apply to a product server , run
// against the edge server in front of the sandbox; every expected failure is listed, with why, in baseline.yml.
type Baseline = Record<
  'legacy' | 'modern' | 'modern-with-token' | 'docs-legacy' | 'docs-modern',
  Record<string, Record<string, string> | null>
>;
const baseline = parse(readFileSync(new URL('../helpers/clients/conformance-baseline.yml', import.meta.url), 'utf8')) as Baseline;
const MODERN = '2026-07-28';
const expected = (era: keyof Baseline, scenario: string) => Object.keys(baseline[era][scenario] ?? {}).sort();

let system: EdgeWithSandbox;
let withToken: Awaited<ReturnType<typeof startTokenProxy>>;
beforeAll(async () => {
  system = await startEdgeWithSandbox();
  withToken = await startTokenProxy(system.baseUrl, await system.getToken());
});
afterAll(async () => {
  await withToken?.close();
  await system?.close();
});

describe.each(MCP_PATHS)('conformance scenarios on the edge at %s', (path) => {
  it.each(Object.keys(baseline.legacy))('legacy %s: only the baselined failures', async (scenario) => {
    const checks = await runScenario(`${system.baseUrl}${path}`, scenario);
    expect(checks.length).toBeGreaterThan(0);
    expect(toFailures(checks)).toEqual(expected('legacy', scenario));
  });

  it.each(Object.keys(baseline.modern))(`${MODERN} %s: only the baselined failures`, async (scenario) => {
    const checks = await runScenario(`${system.baseUrl}${path}`, scenario, MODERN);
    expect(checks.length).toBeGreaterThan(0);
    expect(toFailures(checks)).toEqual(expected('modern', scenario));
  });
});

describe('the same modern scenarios with a real sandbox token injected (separates gate ordering)', () => {
  it.each(Object.keys(baseline['modern-with-token']))(`${MODERN} %s: only the baselined failures`, async (scenario) => {
    const checks = await runScenario(`${withToken.url}/mcp`, scenario, MODERN);
    expect(toFailures(checks)).toEqual(expected('modern-with-token', scenario));
  });
});

// The docs MCP server on the same edge: answered by the edge itself from the build, with no gate, so the scenarios
// that apply to a server with tools and resources and no fixtures of the runner's.
describe(`conformance scenarios on the docs MCP server at ${PATHS.mcpDocs}`, () => {
  it.each(Object.keys(baseline['docs-legacy']))('legacy %s: only the baselined failures', async (scenario) => {
    const checks = await runScenario(`${system.baseUrl}${PATHS.mcpDocs}`, scenario);
    expect(checks.length).toBeGreaterThan(0);
    expect(toFailures(checks)).toEqual(expected('docs-legacy', scenario));
  });

  it.each(Object.keys(baseline['docs-modern']))(`${MODERN} %s: only the baselined failures`, async (scenario) => {
    const checks = await runScenario(`${system.baseUrl}${PATHS.mcpDocs}`, scenario, MODERN);
    expect(checks.length).toBeGreaterThan(0);
    expect(toFailures(checks)).toEqual(expected('docs-modern', scenario));
  });
});
