import { parse } from 'node-html-parser';

/** A person's choice on the sandbox's sign-in page. */
export type Decision = 'continue' | 'cancel';

interface Step {
  url: string;
  method: 'GET' | 'POST';
  body?: URLSearchParams;
}

/**
 * Plays a browser without JavaScript through the authorization server's pages: follows redirects with a cookie
 * jar and submits each page's form (the sign-in page's Continue or Cancel, the device grant's forms), as a
 * person would. Returns the first redirect that leaves the server's origin (the client's redirect URI), or the
 * last page when a page has no form left (the device grant's "signed in" page).
 */
export async function walkSignIn(start: string, decision: Decision = 'continue'): Promise<{ redirect?: URL; page?: string }> {
  const origin = new URL(start).origin;
  const jar = new Map<string, string>();
  let step: Step = { url: start, method: 'GET' };
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(step.url, {
      method: step.method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(step.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: step.body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, step.url);
      if (next.origin !== origin) return { redirect: next };
      step = { url: next.href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status >= 400) throw new Error(`${step.method} ${step.url}: ${response.status}\n${html.slice(0, 500)}`);
    const form = parse(html).querySelector('form');
    // No form, or one that asks for something only the person knows (the device grant's code box): the walk ends.
    if (!form || form.querySelectorAll('input[type="text"]').some((i) => !i.getAttribute('value'))) return { page: html };
    const body = new URLSearchParams();
    for (const input of form.querySelectorAll('input')) {
      const name = input.getAttribute('name');
      if (name && input.getAttribute('type') === 'hidden') body.set(name, input.getAttribute('value') ?? '');
    }
    // The sign-in page's buttons carry the decision; the device confirmation's Cancel is its `abort` button.
    if (html.includes('name="decision"')) body.set('decision', decision);
    if (decision === 'cancel' && form.getAttribute('id') === 'op.deviceConfirmForm') body.set('abort', 'yes');
    step = { url: new URL(form.getAttribute('action') ?? step.url, step.url).href, method: 'POST', body };
  }
  throw new Error(`no end after 20 steps from ${start}`);
}

/** Follows an authorization URL through sign-in and returns the redirect to the client (its `code` or `error`). */
export async function signInOverHttp(authorizationUrl: string, decision: Decision = 'continue'): Promise<URL> {
  const { redirect, page } = await walkSignIn(authorizationUrl, decision);
  if (!redirect) throw new Error(`sign-in ended on a page instead of a redirect:\n${page?.slice(0, 500)}`);
  return redirect;
}

/** Opens a device grant's `verification_uri_complete` and approves (or cancels) it; returns the last page. */
export async function approveDeviceOverHttp(verificationUriComplete: string, decision: Decision = 'continue'): Promise<string> {
  const { page, redirect } = await walkSignIn(verificationUriComplete, decision);
  if (!page) throw new Error(`device approval redirected to ${redirect}`);
  return page;
}
