import type { NamedLink } from './collect-links.ts';
import { fail, pass, skip, type Probe, type RuleResult } from './rule-result.ts';

/** One named address and the probe that tried it (absent when it was skipped). */
export interface LinkProbe {
  link: NamedLink;
  probe?: Probe;
}

const ok = (p?: Probe) => p !== undefined && p.status >= 200 && p.status < 300;
const show = ({ link, probe }: LinkProbe) =>
  `${link.kind === 'get' ? 'GET' : link.kind === 'mcp' ? 'POST initialize' : 'AS metadata'} ${link.url} → ${probe ? probe.status || probe.error : 'skipped'} (in ${link.sources.join(', ')})`;

/** Summarises link probes into one row checking rule `id`: passes when every tried address answered 2xx. */
export function checkLinks(id: string, rule: string, probes: LinkProbe[], skipped: string): RuleResult {
  if (probes.length === 0) return pass(id, rule, 'no addresses of this kind');
  const tried = probes.filter((p) => p.probe);
  if (tried.length === 0)
    return skip(id, rule, `${probes.length} addresses not tried (${skipped}): ${probes.map((p) => p.link.url).join(', ')}`);
  const bad = tried.filter((p) => !ok(p.probe));
  if (bad.length > 0) return fail(id, rule, `${bad.length}/${tried.length} do not answer 2xx: ${bad.map(show).join('; ')}`);
  const skippedNote =
    tried.length < probes.length
      ? `; ${probes.length - tried.length} skipped (${skipped}): ${probes
          .filter((p) => !p.probe)
          .map((p) => p.link.url)
          .join(', ')}`
      : '';
  const shown = tried
    .map((p) => p.link.url)
    .slice(0, 6)
    .join(' ');
  return pass(id, rule, `${tried.length} addresses answer 2xx: ${shown}${tried.length > 6 ? ' …' : ''}${skippedNote}`);
}
