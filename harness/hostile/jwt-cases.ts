import fc from 'fast-check';
import { HEALTH_CHECK, toMcpPost, type FuzzContext, type HostileCase } from './case.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A valid token with one character changed. The last character of each segment is left alone: its low bits are
 * padding that base64url decoders ignore, so changing it may not change the bytes at all.
 */
function mutate(token: string, at: number, to: string): string | undefined {
  const ends = new Set([...token.matchAll(/\./g)].flatMap((m) => [m.index! - 1, m.index!]));
  ends.add(token.length - 1);
  const position = at % token.length;
  if (ends.has(position) || token[position] === to) return undefined;
  return token.slice(0, position) + to + token.slice(position + 1);
}

/** The token attack suite and random one-character mutations of a valid token, on tools/call over both MCP paths. */
export function jwtCases(ctx: FuzzContext): fc.Arbitrary<HostileCase> {
  const path = fc.constantFrom('/mcp', '/.well-known/mcp');
  const call = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_account', arguments: {} } });
  const request = (name: string, p: string, token: string, expect: number, id: number): HostileCase => ({
    category: 'jwt',
    name,
    chunks: [toMcpPost(p, call(id), [['Authorization', `Bearer ${token}`]]), ...(expect === 431 ? [] : [HEALTH_CHECK])],
    expect: [expect],
    keepAlive: expect !== 431,
    mustClose: expect === 431,
  });
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...ctx.attackTokens), path, fc.nat())
      .map(([attack, p, id]) => request(attack.name, p, attack.token, attack.expect, id)),
    fc
      .tuple(fc.nat(), fc.constantFrom(...ALPHABET), path, fc.nat())
      .map(([at, to, p, id]) => ({ token: mutate(ctx.goodToken, at, to), p, id }))
      .filter((c): c is typeof c & { token: string } => c.token !== undefined)
      .map(({ token, p, id }) => request('a valid token with one character changed', p, token, 401, id)),
    fc.tuple(path, fc.nat()).map(([p, id]) => ({
      ...request('a bad token first, a valid one second', p, ctx.attackTokens[0]!.token, 401, id),
      chunks: [
        toMcpPost(p, call(id), [
          ['Authorization', `Bearer ${ctx.attackTokens[0]!.token}`],
          ['Authorization', `Bearer ${ctx.goodToken}`],
        ]),
        HEALTH_CHECK,
      ],
    })),
    fc.tuple(path, fc.nat()).map(([p, id]) => ({
      ...request('the token in the query string only', p, '', 401, id),
      chunks: [toMcpPost(`${p}?access_token=${ctx.goodToken}`, call(id)), HEALTH_CHECK],
    })),
  );
}
