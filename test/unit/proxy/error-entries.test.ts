import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../proxy/config.ts';
import { MCP_ERROR_CODES, PROBLEM_CODES, findMissingErrorEntries } from '../../../runtime/mcp/mcp-error.ts';
import { createTestApp, createTestConfig, refuseForward } from '../../helpers/proxy/test-app.ts';

// Every code the servers can answer is content (content/errors.yaml): a missing entry stops the server at start,
// not at the first request that needs it.
describe('error codes and content/errors.yaml', () => {
  it('the content defines every JSON-RPC and problem code the servers answer', () => {
    expect(findMissingErrorEntries(createTestConfig().errors)).toEqual([]);
  });

  it.each(Object.entries(MCP_ERROR_CODES))('the edge refuses to start when %s (%i) has no entry', (_name, code) => {
    const errors = createTestConfig().errors;
    const without = { ...errors, jsonrpc: errors.jsonrpc.filter((e) => e.code !== code) };
    expect(() => createTestApp({ files: new Map(), forward: refuseForward }, { errors: without })).toThrow(
      new ConfigError(`content/errors.yaml lacks what the server answers: jsonrpc code ${code}`),
    );
  });

  it.each(PROBLEM_CODES)('the edge refuses to start when the problem code %s has no entry', (code) => {
    const errors = createTestConfig().errors;
    const without = { ...errors, problems: errors.problems.filter((p) => p.code !== code) };
    expect(() => createTestApp({ files: new Map(), forward: refuseForward }, { errors: without })).toThrow(`problem code "${code}"`);
  });
});
