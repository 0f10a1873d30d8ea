/** One media range of an Accept header with its weight (RFC 9110 §12.5.1). */
export interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** Parses an Accept header into media ranges; malformed members are skipped, a bad q counts as 1. */
export function parseAccept(header: string | null | undefined): MediaRange[] {
  if (!header) return [];
  const ranges: MediaRange[] = [];
  for (const member of header.split(',')) {
    const [range = '', ...params] = member.split(';').map((s) => s.trim());
    const [type, subtype] = range.toLowerCase().split('/');
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((s) => s.trim());
      if (name?.toLowerCase() !== 'q' || value === undefined) continue;
      const n = Number(value);
      if (/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) && n >= 0 && n <= 1) q = n;
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/**
 * The weight the header gives a media type: from its most specific matching range (RFC 9110 §12.5.1),
 * or undefined when no range matches. With `explicitOnly`, wildcards do not count.
 */
export function toQuality(ranges: MediaRange[], mediaType: string, explicitOnly = false): number | undefined {
  const [type, subtype] = mediaType.split('/');
  let best: { specificity: number; q: number } | undefined;
  for (const r of ranges) {
    const specificity =
      r.type === type && r.subtype === subtype
        ? 2
        : r.type === type && r.subtype === '*'
          ? 1
          : r.type === '*' && r.subtype === '*'
            ? 0
            : -1;
    if (specificity < 0 || (explicitOnly && specificity < 2)) continue;
    if (!best || specificity > best.specificity || (specificity === best.specificity && r.q > best.q)) best = { specificity, q: r.q };
  }
  return best?.q;
}
