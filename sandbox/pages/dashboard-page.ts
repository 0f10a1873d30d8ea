import { escapeHtml, toHtmlPage } from './layout.ts';
import type { SignoffRow } from '../store/sandbox-store.ts';

/** What the dashboard shows: who is signed in and, after "New registration code", the code and its command. */
export interface DashboardView {
  product: string;
  /** undefined: not signed in, so the page offers the demo sign-in. */
  account?: string;
  /** A code just minted, its lifetime in seconds and the command that uses it. */
  code?: { value: string; expiresIn: number; command: string };
  /** The CLI's default service address, so the note can say when `--base-url` is needed. */
  baseUrl: string;
  /** Sign-off requests nobody has decided yet. */
  signoffs?: SignoffRow[];
  /** The decision just recorded, to confirm it. */
  decided?: { runId: string; decision: string };
}

function toSignoffSection(view: DashboardView): string {
  const decided = view.decided
    ? `<p class="card" role="status">Run <code>${escapeHtml(view.decided.runId)}</code> ${escapeHtml(view.decided.decision)}. Its merge gate now shows the decision, and the run owner's audit trail records it.</p>`
    : '';
  const requests = view.signoffs ?? [];
  const list = requests.length
    ? requests
        .map(
          (r) => `<div class="card">
<dl>
<dt>Run</dt><dd><code>${escapeHtml(r.run_id)}</code>, started by <code>${escapeHtml(r.subject)}</code></dd>
<dt>Asked of</dt><dd>${escapeHtml(r.approver)}, at ${escapeHtml(r.requested_at)}</dd>
${r.note ? `<dt>Note</dt><dd>${escapeHtml(r.note)}</dd>` : ''}
</dl>
<form method="post" action="/dashboard/signoffs">
<input type="hidden" name="run_id" value="${escapeHtml(r.run_id)}">
<label for="comment-${escapeHtml(r.run_id)}">Comment (optional)</label>
<input type="text" id="comment-${escapeHtml(r.run_id)}" name="comment" maxlength="500">
<div class="actions">
<button type="submit" name="decision" value="approved" class="primary">Approve</button>
<button type="submit" name="decision" value="rejected" class="secondary">Reject</button>
</div>
</form>
</div>`,
        )
        .join('\n')
    : '<p class="muted">No sign-off request is waiting. An agent asks for one with the <code>request_signoff</code> tool.</p>';
  return `<h2>Sign-off requests</h2>\n${decided}\n${list}`;
}

/** The demo dashboard: the place the docs send people for a registration code (contract AUTH-4). */
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
${toSignoffSection(view)}
<form method="post" action="/dashboard/sign-out" class="actions" style="margin-top:1.5rem"><button type="submit" class="secondary">Sign out</button></form>`;
  return toHtmlPage({ product: view.product, title: 'Dashboard', body });
}
