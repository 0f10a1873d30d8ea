import { z } from 'zod';

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Run counts, durations and sections of `npm run bench`, from BENCH_* variables (validated once). */
export const benchConfigSchema = z.object({
  BENCH_DURATION: int(5),
  BENCH_WARMUP: int(2),
  BENCH_RUNS: int(3),
  BENCH_CONNECTIONS: int(32),
  BENCH_LATENCY_REQUESTS: int(2000),
  // One run each by default: bare Astro + Starlight takes many minutes at 5,000 pages.
  BENCH_BUILD_RUNS: int(1),
  BENCH_START_RUNS: int(9),
  BENCH_BUILD_PAGES: z.string().default('1000,5000'),
  // Generated pages of the large site the search section measures its index on (0: the real content only).
  BENCH_SEARCH_PAGES: z.coerce.number().int().min(0).default(5000),
  BENCH_SECTIONS: z.string().default('http,cpu,start,mcp,docsmcp,logging,jwt,worker,build,twins,cli,search,pagejs'),
  BENCH_OUT: z.string().default('BENCHMARKS.md'),
});

/** The validated bench configuration. */
export type BenchConfig = z.infer<typeof benchConfigSchema> & { sections: Set<string>; buildPages: number[] };

/** Reads BENCH_* from the environment; a bad value throws naming the variable. */
export function readBenchConfig(env: Record<string, string | undefined>): BenchConfig {
  const parsed = benchConfigSchema.parse(Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('BENCH_') && v !== '')));
  return {
    ...parsed,
    sections: new Set(parsed.BENCH_SECTIONS.split(',').map((s) => s.trim())),
    buildPages: parsed.BENCH_BUILD_PAGES.split(',')
      .map(Number)
      .filter((n) => n > 0),
  };
}

/** The median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
