/**
 * The instruments every request moves, counted in maps and arrays and written in the Prometheus text format
 * (exposition format 0.0.4) when scraped: prom-client's `inc` and `observe` check and hash a label object on every
 * call, where these cost a request a few map lookups and additions. Their label values come from fixed sets
 * (route kinds, numeric statuses, document kinds) and the build's family names, so they need no escaping.
 */

/** An instrument's samples in the text format, after its HELP and TYPE lines. */
interface Instrument {
  toText(): string;
}

const header = (name: string, help: string, type: string): string[] => [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];

/** The map under `key`, made when missing: label values are few, so a request makes nothing once each is seen. */
function childOf<K, C, V>(map: Map<K, Map<C, V>>, key: K): Map<C, V> {
  let child = map.get(key);
  if (child === undefined) {
    child = new Map();
    map.set(key, child);
  }
  return child;
}

/** A counter by route kind and status. */
export function createRequestCounter(name: string, help: string): Instrument & { inc(route: string, status: number): void } {
  const byRoute = new Map<string, Map<number, number>>();
  return {
    inc(route, status) {
      const counts = childOf(byRoute, route);
      counts.set(status, (counts.get(status) ?? 0) + 1);
    },
    toText() {
      const lines = header(name, help, 'counter');
      for (const [route, counts] of byRoute) {
        for (const [status, count] of counts) lines.push(`${name}{route="${route}",status="${status}"} ${count}`);
      }
      return lines.join('\n');
    },
  };
}

/** Per route kind: how many observations fell in each bucket (the cumulative form is made at scrape time). */
interface Buckets {
  counts: Float64Array;
  sum: number;
  count: number;
}

/** A histogram by route kind, of values in seconds, with the upper bounds given. */
export function createRouteHistogram(
  name: string,
  help: string,
  bounds: readonly number[],
): Instrument & { observe(route: string, seconds: number): void } {
  const byRoute = new Map<string, Buckets>();
  return {
    observe(route, seconds) {
      // As prom-client: a value that is not a finite number is not counted (it would make the sum NaN for good).
      if (!Number.isFinite(seconds)) return;
      let buckets = byRoute.get(route);
      if (!buckets) {
        buckets = { counts: new Float64Array(bounds.length + 1), sum: 0, count: 0 };
        byRoute.set(route, buckets);
      }
      let i = 0;
      while (i < bounds.length && seconds > bounds[i]!) i++;
      buckets.counts[i]!++;
      buckets.sum += seconds;
      buckets.count++;
    },
    toText() {
      const lines = header(name, help, 'histogram');
      for (const [route, { counts, sum, count }] of byRoute) {
        let cumulative = 0;
        bounds.forEach((bound, i) => {
          cumulative += counts[i]!;
          lines.push(`${name}_bucket{le="${bound}",route="${route}"} ${cumulative}`);
        });
        lines.push(
          `${name}_bucket{le="+Inf",route="${route}"} ${count}`,
          `${name}_sum{route="${route}"} ${sum}`,
          `${name}_count{route="${route}"} ${count}`,
        );
      }
      return lines.join('\n');
    },
  };
}

/**
 * A counter of reads by the reader's category and family and the kind of document. Its label values come from the
 * build's families (facts/traffic-labels.ts FAMILY_NAME: nothing to escape) and fixed sets.
 */
export function createReadCounter(name: string, help: string): Instrument & { inc(category: string, family: string, kind: string): void } {
  // category → family → kind → count: a read costs three map lookups and builds no label string.
  const counts = new Map<string, Map<string, Map<string, number>>>();
  return {
    inc(category, family, kind) {
      const kinds = childOf(childOf(counts, category), family);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    },
    toText() {
      const lines = header(name, help, 'counter');
      for (const [category, families] of counts)
        for (const [family, kinds] of families)
          for (const [kind, count] of kinds) lines.push(`${name}{category="${category}",family="${family}",kind="${kind}"} ${count}`);
      return lines.join('\n');
    },
  };
}
