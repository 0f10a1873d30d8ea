import type { CountBatch } from './feedback-store.ts';

/** The most distinct keys a tally holds between writes: past it, new keys are dropped (their counts are approximate). */
const MAX_KEYS = 10_000;

/**
 * Counts kept in memory between writes to the store, so a request never writes (traffic per day, family, category and
 * document kind; questions search could not answer; addresses that do not exist). `take()` hands them to one batch
 * write; `peek()` lets an answer include what is not yet written.
 */
export interface Tally {
  countRequest(day: string, family: string, category: string, kind: string): void;
  countGap(kind: 'question' | 'page', key: string, day: string): void;
  /** The counts so far, emptied: the next write's batch. */
  take(): CountBatch;
  /** The counts so far, kept. */
  peek(): CountBatch;
  /** Puts a batch back (a write that failed), so its counts go with the next one. */
  restore(batch: CountBatch): void;
  /** How many distinct keys it holds. */
  readonly size: number;
}

/** A tally that keeps at most MAX_KEYS distinct keys. */
export function createTally(): Tally {
  // day → family → category → kind → count: the request path builds no string per request.
  let traffic = new Map<string, Map<string, Map<string, Map<string, number>>>>();
  let gaps = new Map<string, { kind: 'question' | 'page'; key: string; day: string; count: number }>();
  let keys = 0;
  /**
   * The map under `key`, made when missing; the traffic keys are few (days, the families of a fixed list, kinds). Every
   * request comes here, so nothing is made per call.
   */
  const child = <V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> => {
    let value = map.get(key);
    if (value === undefined) {
      value = new Map();
      map.set(key, value);
    }
    return value;
  };
  const read = (): CountBatch => {
    const batch: CountBatch = { traffic: [], gaps: [...gaps.values()].map((g) => ({ ...g })) };
    for (const [day, families] of traffic)
      for (const [family, categories] of families)
        for (const [category, kinds] of categories)
          for (const [kind, count] of kinds) batch.traffic.push({ day, family, category, kind, count });
    return batch;
  };
  return {
    countRequest(day, family, category, kind) {
      const kinds = child(child(child(traffic, day), family), category);
      const count = kinds.get(kind);
      if (count !== undefined) kinds.set(kind, count + 1);
      else if (keys < MAX_KEYS) {
        kinds.set(kind, 1);
        keys += 1;
      }
    },
    countGap(kind, key, day) {
      const id = `${kind}\n${key}`;
      const seen = gaps.get(id);
      if (seen) {
        seen.count += 1;
        if (day > seen.day) seen.day = day;
      } else if (keys < MAX_KEYS) {
        gaps.set(id, { kind, key, day, count: 1 });
        keys += 1;
      }
    },
    take() {
      const batch = read();
      traffic = new Map();
      gaps = new Map();
      keys = 0;
      return batch;
    },
    peek: read,
    restore(batch) {
      for (const row of batch.traffic) {
        const kinds = child(child(child(traffic, row.day), row.family), row.category);
        const count = kinds.get(row.kind);
        if (count === undefined) keys += 1;
        kinds.set(row.kind, (count ?? 0) + row.count);
      }
      for (const row of batch.gaps) {
        const id = `${row.kind}\n${row.key}`;
        const seen = gaps.get(id);
        if (seen) {
          seen.count += row.count;
          if (row.day > seen.day) seen.day = row.day;
        } else {
          gaps.set(id, { ...row });
          keys += 1;
        }
      }
    },
    get size() {
      return keys;
    },
  };
}

/** Two batches as one, counts of the same key added (what is stored, and what is still in memory). */
export function mergeCounts(a: CountBatch, b: CountBatch): CountBatch {
  const traffic = new Map<string, CountBatch['traffic'][number]>();
  for (const row of [...a.traffic, ...b.traffic]) {
    const id = `${row.day}\n${row.family}\n${row.category}\n${row.kind}`;
    const seen = traffic.get(id);
    if (seen) seen.count += row.count;
    else traffic.set(id, { ...row });
  }
  const gaps = new Map<string, CountBatch['gaps'][number]>();
  for (const row of [...a.gaps, ...b.gaps]) {
    const id = `${row.kind}\n${row.key}`;
    const seen = gaps.get(id);
    if (seen) {
      seen.count += row.count;
      if (row.day > seen.day) seen.day = row.day;
    } else gaps.set(id, { ...row });
  }
  return { traffic: [...traffic.values()], gaps: [...gaps.values()] };
}
