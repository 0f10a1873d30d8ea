import fc from 'fast-check';
import { CATEGORIES, type Category, type FuzzContext, type HostileCase } from './case.ts';
import { createAttackTokens, signFuzzToken, type FuzzKeys } from './fuzz-tokens.ts';
import { httpCases } from './http-cases.ts';
import { jwtCases } from './jwt-cases.ts';
import { mcpCases } from './mcp-cases.ts';
import { searchCases } from './search-cases.ts';
import { staticCases } from './static-cases.ts';
import { upstreamCases } from './upstream-cases.ts';

/** Everything the generators need, with tokens signed by the fuzz's keys. */
export async function createFuzzContext(
  keys: FuzzKeys,
  options: { publicMethods: readonly string[]; publicResources?: readonly string[]; bodyLimitBytes: number; ownOrigin: string },
): Promise<FuzzContext> {
  return { ...options, goodToken: await signFuzzToken(keys), attackTokens: await createAttackTokens(keys) };
}

/** The generator of each category. */
export function toArbitraries(ctx: FuzzContext): Record<Category, fc.Arbitrary<HostileCase>> {
  return {
    http: httpCases,
    mcp: mcpCases(ctx),
    jwt: jwtCases(ctx),
    static: staticCases,
    search: searchCases,
    upstream: upstreamCases(ctx),
  };
}

/** `perCategory` cases of every category, the same ones for the same seed; the JWT attack suite is always whole. */
export function sampleCases(ctx: FuzzContext, perCategory: number, seed: number): HostileCase[] {
  const arbitraries = toArbitraries(ctx);
  const whole = ctx.attackTokens.flatMap((attack) =>
    ['/mcp', '/.well-known/mcp'].map(
      (path) => fc.sample(jwtCases({ ...ctx, attackTokens: [attack] }), { numRuns: 1, seed: seed + path.length })[0]!,
    ),
  );
  return [...CATEGORIES.flatMap((category, i) => fc.sample(arbitraries[category], { numRuns: perCategory, seed: seed + i })), ...whole];
}
