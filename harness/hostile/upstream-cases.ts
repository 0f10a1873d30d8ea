import fc from 'fast-check';
import { HEALTH_CHECK, toMcpPost, type FuzzContext, type HostileCase } from './case.ts';
import { FAULTS, type Fault } from './recording-upstream.ts';

/**
 * What the edge answers for each upstream fault (contract ENDPOINT-11: proxied to the hosted origin; the codes are in
 * content/errors.yaml): unreachable or not HTTP → 502, no headers in time → 504, a refusal → the gate's 401/403, the
 * upstream's own status otherwise. A body that fails after its headers can only be broken off.
 */
const EXPECTED: Record<Fault, { expect: number[]; breaksOff?: boolean }> = {
  ok: { expect: [200] },
  reset: { expect: [502] },
  close: { expect: [502] },
  garbage: { expect: [502] },
  'slow-headers': { expect: [504] },
  'slow-then-ok': { expect: [200] },
  'stall-json': { expect: [200], breaksOff: true },
  'stall-sse': { expect: [200] },
  'reset-mid-body': { expect: [200], breaksOff: true },
  'bad-chunk': { expect: [502] },
  'huge-header': { expect: [502] },
  'bad-length': { expect: [502] },
  'upstream-401': { expect: [401] },
  'upstream-403': { expect: [403] },
  'upstream-500': { expect: [500] },
  drip: { expect: [200] },
};

/** A tools/call with a valid token whose upstream answer misbehaves in one of FAULTS' ways. */
export function upstreamCases(ctx: FuzzContext): fc.Arbitrary<HostileCase> {
  return fc.tuple(fc.constantFrom(...FAULTS), fc.constantFrom('/mcp', '/.well-known/mcp'), fc.nat()).map(([fault, path, id]) => {
    const { expect, breaksOff } = EXPECTED[fault];
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_run', arguments: { fault } } });
    const raw = toMcpPost(path, body, [['Authorization', `Bearer ${ctx.goodToken}`]]);
    return {
      category: 'upstream',
      name: `upstream fault ${fault}`,
      chunks: breaksOff ? [raw] : [raw, HEALTH_CHECK],
      expect,
      keepAlive: !breaksOff,
      mayBreakOff: breaksOff,
    };
  });
}
