import { runChecks, type CheckResult, type RunnerOptions } from 'afdocs';

/**
 * Warnings the checker gives this site that are its reading, not the site's: each with why. A test fails on any
 * other warning, and on any failure.
 */
export const EXPLAINED_WARNINGS: Readonly<Record<string, string>> = {};

/**
 * Checks that judge machine-readable documents as pages. The checker walks llms-full.txt (linked from llms.txt) and
 * takes every link in it without a file extension for a page (helpers/get-page-urls.js keeps what isNonPageUrl, an
 * extension test, lets through), so the pages' links to /install, /api/catalog, /.well-known/api-catalog and
 * /.well-known/oauth-protected-resource make them "pages": a JSON document has no HTML body to hold an llms.txt
 * directive, and its content "starts" nowhere (a line ending in `}` is script to the checker). For these checks a
 * result stands only when every page that failed it is such a document; any docs page failing still fails the test.
 */
const JUDGED_AS_PAGES: Readonly<Record<string, (page: Record<string, unknown>) => boolean>> = {
  'content-start-position': (page) => page.status === 'pass' || page.status === 'warn',
  'llms-txt-directive-html': (page) => page.found === true,
};

/** Whether a URL the checker sampled is a page of the site (its HTML pages: the home page, /docs/*, the MCP endpoint's page). */
const isPage = (url: string): boolean => {
  const path = new URL(url).pathname;
  return path === '/' || path.startsWith('/docs/') || path === '/mcp/connect';
};

/** Whether a failed or warned check failed only on machine-readable documents (JUDGED_AS_PAGES). */
function isOnlyDocuments(result: CheckResult): boolean {
  const passes = JUDGED_AS_PAGES[result.id];
  const pages = (result.details?.pageResults ?? []) as Record<string, unknown>[];
  if (!passes || pages.length === 0) return false;
  const failed = pages.filter((p) => !passes(p));
  return failed.length > 0 && failed.every((p) => !isPage(String(p.url)));
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Runs every check of the Agent-Friendly Documentation Spec (afdocs, pinned in devDependencies) against a site served
 * on a loopback address, as `npx afdocs check <url>` does. By default every page is checked (a sample larger than the
 * site), without the delay a public site is owed; `options` may bound the sample. The checker may reach loopback
 * only: nothing leaves the machine, whatever its version does.
 */
export async function runAfdocs(url: string, options: Partial<RunnerOptions> = {}): Promise<CheckResult[]> {
  const fetchAnywhere = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    if (!LOOPBACK.has(target.hostname)) return Promise.reject(new TypeError(`test: loopback only, not ${target.origin}`));
    // The checker computes for seconds at a time on a large site, holding idle keep-alive connections past the
    // server's timeout; a GET sent on one the server was closing meanwhile is sent again on a new connection, as
    // RFC 9112 §9.3.1 lets a client retry an idempotent request (browsers and curl do the same).
    return fetchAnywhere(input, init).catch((error: unknown) => {
      const idempotent = ['GET', 'HEAD'].includes((init?.method ?? 'GET').toUpperCase());
      // A reset, or a close undici saw before any answer (workerd ends idle keep-alive connections that way).
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (!idempotent || (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET')) throw error;
      return fetchAnywhere(input, init);
    });
  };
  try {
    const report = await runChecks(url, {
      samplingStrategy: 'deterministic',
      maxLinksToTest: 1000,
      requestDelay: 0,
      maxConcurrency: 4,
      ...options,
    });
    return report.results;
  } finally {
    globalThis.fetch = fetchAnywhere;
  }
}

/** The checks that failed or warned without an explanation, with the checker's message: what a test expects empty. */
export function toUnexplained(results: CheckResult[]): string[] {
  return results
    .filter((r) => r.status === 'fail' || r.status === 'error' || (r.status === 'warn' && !EXPLAINED_WARNINGS[r.id]))
    .filter((r) => !isOnlyDocuments(r))
    .map((r) => `${r.status} ${r.id}: ${r.message}`);
}
