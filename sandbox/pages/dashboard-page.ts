import { escapeHtml, toHtmlPage } from './layout.ts';

/** What the dashboard shows: who is signed in and, after "New registration code", the code and its command. */
export interface DashboardView {
  product: string;
  /** undefined: not signed in, so the page offers the demo sign-in. */
  account?: string;
  /** A code just minted, its lifetime in seconds and the command that uses it. */
  code?: { value: string; expiresIn: number; command: string };
  /** The CLI's default service address, so the note can say when `--base-url` is needed. */
  baseUrl: string;
}

/** The demo dashboard: the place the docs send people for a registration code (contract §5 rule 2). */
export function toDashboardPage(view: DashboardView): string {
  if (!view.account) {
    const body = `<p>Sign in to get a registration code for a workload client.</p>
<p>This is the demo sandbox: there is no password. You continue as the demo user, <code>demo-user</code>.</p>
<form method="post" action="/dashboard/sign-in" class="actions"><button type="submit" class="primary">Continue as demo user</button></form>`;
    return toHtmlPage({ product: view.product, title: 'Dashboard', body });
  }
  const minutes = view.code ? Math.round(view.code.expiresIn / 60) : 0;
  const code = view.code
    ? `<div class="card" role="status">
<p>Your registration code. It works once and expires in ${minutes} minutes:</p>
<pre><code>${escapeHtml(view.code.value)}</code></pre>
<p>On the machine that runs the workload, with the CLI installed, run:</p>
<pre><code>${escapeHtml(view.code.command)}</code></pre>
<p class="muted">The CLI installed from this service talks to <code>${escapeHtml(view.baseUrl)}</code>; for another copy, add <code>--base-url ${escapeHtml(view.baseUrl)}</code>.</p>
</div>`
    : '';
  const body = `<p>Signed in as <code>${escapeHtml(view.account)}</code>.</p>
${code}
<h2>Registration codes</h2>
<p>A registration code turns into a workload OAuth client: the credential a CI job or service uses. ${escapeHtml(view.product)} has no API keys.</p>
<form method="post" action="/dashboard/registration-codes" class="actions"><button type="submit" class="primary">New registration code</button></form>
<form method="post" action="/dashboard/sign-out" class="actions" style="margin-top:1.5rem"><button type="submit" class="secondary">Sign out</button></form>`;
  return toHtmlPage({ product: view.product, title: 'Dashboard', body });
}
