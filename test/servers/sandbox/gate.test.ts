import { describe, expect, it } from 'vitest';
import { postMcp, useTestSandbox } from '../../helpers/sandbox-fixture.ts';

const sandbox = useTestSandbox();

// The sandbox is a resource server in its own right: it gates what it serves with the same rule as the edge.

describe('the sandbox gate (deny by default)', () => {
  it('an id-less tools/call without a token → 401, and nothing runs', async () => {
    const res = await postMcp(sandbox.url, {
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'start_run', arguments: { workflow_id: 'wf_dependency_upgrade' } },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="/);
  });

  it('a method outside the public list (prompts/list) needs a token', async () => {
    expect((await postMcp(sandbox.url, { jsonrpc: '2.0', id: 1, method: 'prompts/list', params: {} })).status).toBe(401);
  });

  it('a batch hiding a tools/call behind tools/list needs a token', async () => {
    const res = await postMcp(sandbox.url, [
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_account', arguments: {} } },
    ]);
    expect(res.status).toBe(401);
  });

  it('tools/list needs none', async () => {
    expect((await postMcp(sandbox.url, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })).status).toBe(200);
  });
});
