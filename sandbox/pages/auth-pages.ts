import { escapeHtml, toHtmlPage } from './layout.ts';

/** One scope as the sign-in page explains it (content/site.yaml `scopes`). */
export interface ScopeLine {
  name: string;
  description: string;
}

/** What the sign-in page tells the person about the request. */
export interface SignInView {
  product: string;
  /** The client's name as it registered it, or its id. */
  clientName: string;
  /** Where the name comes from: a pre-registered client, a metadata document (its host) or self-registration. */
  clientSource: string;
  scopes: ScopeLine[];
  /** The resources (RFC 8707) the token will be for. */
  resources: string[];
  /** Where the browser goes back to after a decision (the origin of the redirect URI); absent for the device grant. */
  returnTo?: string;
  /** The form's target: the interaction's own path. */
  action: string;
}

const list = (items: string[]) => `<ul>${items.join('')}</ul>`;

/** The sign-in and consent page of the demo authorization server (its "dashboard OAuth prompt"). */
export function toSignInPage(view: SignInView): string {
  const scopes = view.scopes.length
    ? list(view.scopes.map((s) => `<li><code>${escapeHtml(s.name)}</code>: ${escapeHtml(s.description)}</li>`))
    : '<p>No scopes: it can only identify you.</p>';
  const body = `
<div class="card">
<p><strong>${escapeHtml(view.clientName)}</strong> <span class="muted">(${escapeHtml(view.clientSource)})</span> asks to use ${escapeHtml(view.product)} on your behalf.</p>
<p>It asks for:</p>
${scopes}
<p class="muted">For ${view.resources.map((r) => `<code>${escapeHtml(r)}</code>`).join(' and ')}.${view.returnTo ? ` Afterwards your browser returns to <code>${escapeHtml(view.returnTo)}</code>.` : ''}</p>
</div>
<p>This is the demo sandbox: there is no password. You continue as the demo user, <code>demo-user</code>.</p>
<form method="post" action="${escapeHtml(view.action)}" class="actions">
<button type="submit" name="decision" value="continue" class="primary" autofocus>Continue as demo user</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</form>`;
  return toHtmlPage({ product: view.product, title: 'Sign in to continue', body });
}

/** The device grant's first page (RFC 8628 §3.3): the person types the code their device shows. */
export function toUserCodePage(product: string, form: string, problem?: string): string {
  const message = problem
    ? `<p class="error" role="alert">${escapeHtml(problem)}</p>`
    : '<p>Enter the code shown by the device or terminal that asked you to sign in.</p>';
  // oidc-provider's input carries an inline onfocus handler, which this page's CSP would refuse (and log).
  const body = `${message}
<div class="card">${form.replace(/\s+onfocus="[^"]*"/, '')}
<div class="actions"><button type="submit" form="op.deviceInputForm" class="primary">Continue</button></div>
</div>`;
  return toHtmlPage({ product, title: 'Sign in a device', body });
}

/** The device grant's confirmation (RFC 8628 §5.4: show the code again so a phished code is noticed). */
export function toConfirmCodePage(product: string, form: string, clientName: string, userCode: string): string {
  const body = `
<div class="card">
<p><strong>${escapeHtml(clientName)}</strong> asks to sign in with the code:</p>
<p><code style="font-size:1.6rem">${escapeHtml(userCode)}</code></p>
<p class="muted">Continue only if your device shows exactly this code and you started the sign-in yourself.</p>
</div>
${form}
<div class="actions">
<button type="submit" form="op.deviceConfirmForm" class="primary" autofocus>Continue</button>
<button type="submit" form="op.deviceConfirmForm" name="abort" value="yes" class="secondary">Cancel</button>
</div>`;
  return toHtmlPage({ product, title: 'Confirm the code', body });
}

/** The device grant's last page: the device gets its token; nothing more to do here. */
export function toDeviceDonePage(product: string, clientName: string): string {
  return toHtmlPage({
    product,
    title: 'Signed in',
    body: `<p>${escapeHtml(clientName)} is signed in. You can close this page and go back to your device.</p>`,
  });
}

/** The authorization server's error page: the OAuth error and its description, nothing internal. */
export function toAuthErrorPage(product: string, error: string, description?: string): string {
  const body = `<div class="card"><p><code>${escapeHtml(error)}</code></p>${description ? `<p>${escapeHtml(description)}</p>` : ''}</div>
<p class="muted">Start the sign-in again from the application that sent you here.</p>`;
  return toHtmlPage({ product, title: 'Sign-in failed', body });
}
