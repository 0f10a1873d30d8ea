import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toDashboardPage } from '../pages/dashboard-page.ts';
import { HTML_HEADERS } from '../pages/layout.ts';
import { DEMO_USER } from '../auth/interactions.ts';
import type { SignoffRow } from '../store/sandbox-store.ts';
import { readForm } from './read-form.ts';

/** The dashboard's paths. */
export const DASHBOARD_PATHS = {
  page: '/dashboard',
  signIn: '/dashboard/sign-in',
  signOut: '/dashboard/sign-out',
  registrationCodes: '/dashboard/registration-codes',
  signoffs: '/dashboard/signoffs',
} as const;

/** What the dashboard needs: the cookie key, the code minter and the facts it prints. */
export interface DashboardOptions {
  product: string;
  /** The CLI's binary name, for the command line it shows. */
  binary: string;
  baseUrl: string;
  cookieKey: string;
  codeLifetime: number;
  mintCode(): Promise<string>;
  /** Open sign-off requests, and recording a decision on one (undefined: no open request for that run). */
  signoffs: {
    listOpen(): SignoffRow[];
    decide(runId: string, decision: 'approved' | 'rejected', by: string, comment: string | null): SignoffRow | undefined;
  };
}

const COOKIE = 'warden_dashboard';

/** The command that turns a registration code into a workload client (content/docs/cli.md). */
export function toRegisterCommand(binary: string, code: string): string {
  return `${binary} admin register --code ${code}`;
}

/** Serves the demo dashboard: sign in as the demo user, mint a registration code and show the command. */
export function createDashboard(o: DashboardOptions) {
  const sign = (value: string) => createHmac('sha256', o.cookieKey).update(value).digest('base64url');
  const accountOf = (req: IncomingMessage): string | undefined => {
    const raw = (req.headers.cookie ?? '')
      .split(/;\s*/)
      .find((c) => c.startsWith(`${COOKIE}=`))
      ?.slice(COOKIE.length + 1);
    const [account, mac] = (raw ?? '').split('.');
    if (!account || !mac) return undefined;
    const expected = Buffer.from(sign(account));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? account : undefined;
  };
  const page = (res: ServerResponse, html: string, headers: Record<string, string> = {}) => {
    res.writeHead(200, { ...HTML_HEADERS, ...headers });
    res.end(html);
  };
  const seeOther = (res: ServerResponse, headers: Record<string, string> = {}) => {
    res.writeHead(303, { location: DASHBOARD_PATHS.page, 'cache-control': 'no-store', ...headers });
    res.end();
  };
  const view = { product: o.product, baseUrl: o.baseUrl };

  /** Handles one dashboard request; false when the path is not the dashboard's. */
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    const method = req.method ?? 'GET';
    if (path === DASHBOARD_PATHS.page && (method === 'GET' || method === 'HEAD')) {
      page(res, toDashboardPage({ ...view, account: accountOf(req), signoffs: o.signoffs.listOpen() }));
      return true;
    }
    if (!Object.values(DASHBOARD_PATHS).includes(path as never) || method !== 'POST') return false;
    const form = await readForm(req);
    // The cookie is SameSite=Lax, so another site's form post arrives without it; an Origin, when sent, must be ours.
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${req.headers.host}` && origin !== `https://${req.headers.host}`) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('403 Forbidden: cross-site request\n');
      return true;
    }
    if (path === DASHBOARD_PATHS.signIn) {
      seeOther(res, { 'set-cookie': `${COOKIE}=${DEMO_USER}.${sign(DEMO_USER)}; Path=/dashboard; HttpOnly; SameSite=Lax` });
    } else if (path === DASHBOARD_PATHS.signOut) {
      seeOther(res, { 'set-cookie': `${COOKIE}=; Path=/dashboard; HttpOnly; SameSite=Lax; Max-Age=0` });
    } else if (!accountOf(req)) {
      seeOther(res);
    } else if (path === DASHBOARD_PATHS.signoffs) {
      const account = accountOf(req)!;
      const decision = form.get('decision');
      const runId = form.get('run_id') ?? '';
      const comment = form.get('comment')?.trim().slice(0, 500) || null;
      const decided = decision === 'approved' || decision === 'rejected' ? o.signoffs.decide(runId, decision, account, comment) : undefined;
      if (!decided) {
        res.writeHead(409, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end(`409 Conflict: no open sign-off request for run "${runId}" (already decided, or unknown)\n`);
        return true;
      }
      page(res, toDashboardPage({ ...view, account, signoffs: o.signoffs.listOpen(), decided: { runId, decision: decision! } }));
    } else {
      const value = await o.mintCode();
      const code = { value, expiresIn: o.codeLifetime, command: toRegisterCommand(o.binary, value) };
      page(res, toDashboardPage({ ...view, account: accountOf(req), code, signoffs: o.signoffs.listOpen() }));
    }
    return true;
  };
}
