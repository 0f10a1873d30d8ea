import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runStdioBridge } from '../../../../cli/core/stdio-bridge.ts';
import { getFreePort } from '../../../helpers/sandbox-fixture.ts';
import { useTestSandbox } from '../../../helpers/sandbox-fixture.ts';

// The bridge in-process, on in-memory streams, forwarding to the real sandbox endpoint.
const sandbox = useTestSandbox();

/** Feeds `lines` to a bridge, closes its stdin, and returns every line it wrote and logged. */
async function bridge(lines: string[], url: () => string) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const logs: string[] = [];
  let out = '';
  stdout.on('data', (d) => (out += d));
  const done = runStdioBridge({
    stdin,
    stdout,
    log: (l) => logs.push(l),
    fetch,
    connect: async () => ({ url: new URL(url()), auth: { token: async () => undefined } }),
  });
  stdin.end(lines.map((l) => `${l}\n`).join(''));
  await done;
  return {
    answers: out
      .trimEnd()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { id: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } }),
    logs,
  };
}

const rpc = (id: number, method: string, params: object = {}) => JSON.stringify({ jsonrpc: '2.0', id, method, params });

describe('the stdio bridge', () => {
  it('forwards requests and answers every one, even when stdin closes right after them', async () => {
    const { answers } = await bridge(
      [
        rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        rpc(2, 'tools/list'),
      ],
      () => `${sandbox.url}/mcp`,
    );
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2]);
    expect(answers.find((a) => a.id === 1)?.result).toMatchObject({ protocolVersion: '2025-11-25' });
    expect((answers.find((a) => a.id === 2)?.result?.tools as unknown[] | undefined)?.length).toBeGreaterThan(0);
  });

  it('answers -32700 to unparseable lines and -32600 to JSON that is no message, and keeps going', async () => {
    const { answers } = await bridge(['{"jsonrpc":', '[1,2]', rpc(3, 'tools/list')], () => `${sandbox.url}/mcp`);
    expect(answers).toContainEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(answers).toContainEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } });
    expect(answers.find((a) => a.id === 3)?.result).toBeDefined();
  });

  it('turns an unreachable upstream and a refused call into JSON-RPC errors with the request id', async () => {
    const closed = `http://127.0.0.1:${await getFreePort()}/mcp`;
    const down = await bridge([rpc(4, 'tools/list')], () => closed);
    expect(down.answers).toEqual([
      { jsonrpc: '2.0', id: 4, error: { code: -31502, message: 'the service is unreachable: connection refused' } },
    ]);
    const refused = await bridge([rpc(5, 'tools/call', { name: 'get_account', arguments: {} })], () => `${sandbox.url}/mcp`);
    expect(refused.answers[0]).toMatchObject({ id: 5, error: { code: -31401 } });
  });
});
