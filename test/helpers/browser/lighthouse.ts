import lighthouse from 'lighthouse';

/** The category Lighthouse 13.5 checks agents' use of a page with (default config). */
export const AGENTIC_CATEGORY = 'agentic-browsing';

/** One audit of the category as Lighthouse reported it, in its own words. */
export interface AgenticAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  /** Lighthouse's explanation, display value, warnings and the rows of its details, joined: what it says is wrong. */
  said: string;
}

/** The text of a details item: a table row's values, a node's snippet, a nested table's rows. */
function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const v = value as Record<string, unknown>;
  if (v.type === 'node') return String(v.snippet ?? v.selector ?? '');
  if (Array.isArray(v.items)) return v.items.map(toText).join('; ');
  if (v.type === 'list-section') return toText(v.value);
  return Object.values(v).map(toText).filter(Boolean).join(' ');
}

/**
 * Runs Lighthouse's navigation on `url` in the Chromium listening for DevTools on 127.0.0.1:`port` (a tab of its
 * own) with the category alone, and returns each of its audits.
 */
export async function runAgenticAudits(port: number, url: string): Promise<AgenticAudit[]> {
  const result = await lighthouse(url, {
    port,
    hostname: '127.0.0.1',
    logLevel: 'error',
    onlyCategories: [AGENTIC_CATEGORY],
    // Nothing here is timed: throttling would only slow the run.
    throttlingMethod: 'provided',
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  return lhr.categories[AGENTIC_CATEGORY]!.auditRefs.map(({ id }) => {
    const audit = lhr.audits[id]!;
    const said = [audit.explanation, audit.errorMessage, audit.displayValue, ...(audit.warnings ?? []), toText(audit.details)]
      .filter(Boolean)
      .join(' | ');
    return { id, title: audit.title, score: audit.score, scoreDisplayMode: audit.scoreDisplayMode, said };
  });
}

/**
 * The audits that do not pass, as "id: title — what Lighthouse said": "not applicable" or an error counts as not
 * passing; a binary audit passes at 1, a numeric one at Lighthouse's own pass mark (0.9); the one informative audit
 * of the category (webmcp-registered-tools) passes when it lists tools and warns of nothing.
 */
export function toFailures(audits: AgenticAudit[]): string[] {
  const passes = (a: AgenticAudit) => {
    if (a.scoreDisplayMode === 'informative')
      return a.id === 'webmcp-registered-tools' && a.said !== '' && !a.said.includes('not recommended');
    if (a.scoreDisplayMode === 'numeric') return (a.score ?? 0) >= 0.9;
    return a.scoreDisplayMode === 'binary' && a.score === 1;
  };
  return audits.filter((a) => !passes(a)).map((a) => `${a.id} (${a.scoreDisplayMode}, score ${a.score}): ${a.title} — ${a.said}`);
}
