/**
 * `npm run verify -- <base_url> [--skip-external|--offline] [--timeout <ms>]`: checks a running deployment
 * against the rules of CONTRACT.md, prints rule id → pass/fail with evidence, exits 1 on any failure
 * (2 when the deployment cannot be reached or the arguments are wrong).
 */
import { formatSummary, formatTable } from '../verify/format-table.ts';
import { runVerify } from './verify/run-verify.ts';

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const timeoutAt = args.indexOf('--timeout');
const timeoutMs = timeoutAt >= 0 ? Number(args[timeoutAt + 1]) : 10_000;
const positional = args.filter((a, i) => !a.startsWith('--') && (timeoutAt < 0 || i !== timeoutAt + 1));
const base = positional.length === 1 ? positional[0] : undefined;
const usage = 'usage: npm run verify -- <base_url> [--skip-external|--offline] [--timeout <ms>]';

if (!base || !/^https?:\/\/[^/]+/.test(base) || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
  console.error(usage);
  process.exit(2);
}
const outcome = await runVerify(base, { skipExternal: flags.has('--skip-external') || flags.has('--offline'), timeoutMs });
if (!outcome.reachable) {
  console.error(`verify: ${outcome.reason}`);
  console.error('Is the server running? Start it with `npm start`, or check the address.');
  process.exit(2);
}
console.log(formatTable(outcome.results, process.stdout.columns || 160));
console.log(formatSummary(outcome.results));
process.exit(outcome.results.some((r) => r.outcome === 'fail') ? 1 : 0);
