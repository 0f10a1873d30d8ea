import { describe, expect, it } from 'vitest';
import { Counter, Histogram, Registry } from 'prom-client';
// @ts-expect-error parse-prometheus-text-format ships no type declarations
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { createReadCounter, createRequestCounter, createRouteHistogram } from '../../../proxy/observability/request-counts.ts';

// The hand-counted instruments against prom-client itself: the same observations give the same metric families, as
// a Prometheus text parser reads them.
const BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const OBSERVED: [string, number, number][] = [
  ['static', 200, 0.0004],
  ['static', 200, 0.0005], // on a bound: counted in that bucket (le is "less than or equal")
  ['static', 304, 0.003],
  ['health', 200, 0.0021],
  ['mcp', 502, 31], // past the last bound: only in +Inf
  ['static', 200, 0],
  ['malformed', 400, 0.0001],
];

type Family = { name: string; help: string; type: string; metrics: unknown[] };
const parse = (text: string): Family[] => parsePrometheusTextFormat(text) as Family[];

describe('the per-request instruments, counted by hand', () => {
  it('write what prom-client writes for the same observations', async () => {
    const registry = new Registry();
    const registers = [registry];
    const counter = new Counter({ name: 'requests_total', help: 'Requests.', labelNames: ['route', 'status'], registers });
    const histogram = new Histogram({ name: 'duration_seconds', help: 'Durations.', labelNames: ['route'], buckets: BOUNDS, registers });
    const ours = {
      counter: createRequestCounter('requests_total', 'Requests.'),
      histogram: createRouteHistogram('duration_seconds', 'Durations.', BOUNDS),
    };
    for (const [route, status, seconds] of OBSERVED) {
      counter.inc({ route, status: String(status) });
      histogram.observe({ route }, seconds);
      ours.counter.inc(route, status);
      ours.histogram.observe(route, seconds);
    }
    // Line for line, in any order of the label sets (prom-client keeps the order labels were first seen in).
    const lines = (text: string) => text.split('\n').filter(Boolean).sort();
    const ourText = `${ours.counter.toText()}\n\n${ours.histogram.toText()}\n`;
    expect(lines(ourText)).toEqual(lines(await registry.metrics()));
    // And a Prometheus text parser reads both families.
    expect(parse(ourText).map((family) => [family.name, family.type])).toEqual([
      ['requests_total', 'COUNTER'],
      ['duration_seconds', 'HISTOGRAM'],
    ]);
  });

  it('count no value that is not a finite number (prom-client refuses one)', () => {
    const histogram = createRouteHistogram('duration_seconds', 'Durations.', BOUNDS);
    for (const value of [NaN, Infinity, -Infinity]) histogram.observe('static', value);
    expect(histogram.toText()).toBe('# HELP duration_seconds Durations.\n# TYPE duration_seconds histogram');
  });

  it('write the families with no samples yet, as prom-client does', async () => {
    const registry = new Registry();
    const registers = [registry];
    new Counter({ name: 'requests_total', help: 'Requests.', labelNames: ['route', 'status'], registers });
    new Histogram({ name: 'duration_seconds', help: 'Durations.', labelNames: ['route'], buckets: BOUNDS, registers });
    const ours = `${createRequestCounter('requests_total', 'Requests.').toText()}\n\n${createRouteHistogram('duration_seconds', 'Durations.', BOUNDS).toText()}\n`;
    expect(parse(ours)).toEqual(parse(await registry.metrics()));
  });

  it('count reads by category, family and kind as prom-client counts them', async () => {
    const registry = new Registry();
    const counter = new Counter({ name: 'reads_total', help: 'Reads.', labelNames: ['category', 'family', 'kind'], registers: [registry] });
    const ours = createReadCounter('reads_total', 'Reads.');
    const reads: [string, string, string][] = [
      ['ai-crawler', 'GPTBot', 'llms'],
      ['ai-crawler', 'GPTBot', 'llms'],
      ['ai-crawler', 'GPTBot', 'twin'],
      ['ai-assistant', 'Claude-User', 'twin'],
      ['browser', 'browser', 'page'],
      ['search-engine', 'Googlebot', 'page'],
    ];
    for (const [category, family, kind] of reads) {
      counter.inc({ category, family, kind });
      ours.inc(category, family, kind);
    }
    const lines = (text: string) => text.split('\n').filter(Boolean).sort();
    expect(lines(ours.toText())).toEqual(lines(await registry.metrics()));
  });
});
