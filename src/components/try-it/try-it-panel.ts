// The Try it panel in the browser: sends the request, shows the answer, and signs in for tool calls.
import { toShownBody } from '../../../runtime/try-it/read-response.ts';
import type { TryItConfig } from '../../../documents/try-it/to-try-it-config.ts';
import type { TryItRequest } from '../../../documents/try-it/to-try-it-request.ts';
import * as held from './held-token.ts';
import { startSignIn } from './sign-in-steps.ts';

const { forgetToken, readToken } = held;

/** How long the panel waits for an answer before it says none came. */
const TIMEOUT_MS = 20_000;
/** Response headers worth showing: what the body is, and why a call was refused. */
const SHOWN_HEADERS = ['content-type', 'www-authenticate', 'mcp-protocol-version'];

const jsonOf = <T>(panel: HTMLElement, selector: string): T => JSON.parse(panel.querySelector(selector)!.textContent ?? '{}') as T;

/** Makes one panel work: Send, Sign in to try and Sign out, with the state said in its status line. */
export function wireTryItPanel(panel: HTMLElement): void {
  const request = jsonOf<TryItRequest>(panel, '[data-request]');
  const config = jsonOf<TryItConfig>(panel, '[data-config]');
  const status = panel.querySelector<HTMLElement>('[data-status]')!;
  const output = panel.querySelector<HTMLPreElement>('[data-response]')!;
  const body = panel.querySelector<HTMLTextAreaElement>('[data-body]');
  const send = panel.querySelector<HTMLButtonElement>('[data-send]')!;
  const signIn = panel.querySelector<HTMLButtonElement>('[data-sign-in]');
  const signOut = panel.querySelector<HTMLButtonElement>('[data-sign-out]');
  const origin = new URL(request.url).origin;

  /** Shows Sign in or Sign out, as a token is held; returns the token. */
  const showButtons = () => {
    const token = readToken();
    if (signIn && signOut) [signIn.hidden, signOut.hidden] = [Boolean(token), !token];
    return token;
  };
  const showSignedIn = () => {
    if (!request.needsToken) return;
    const token = showButtons();
    status.textContent = token
      ? `Signed in until ${new Date(token.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}: Send calls the tool with your token.`
      : 'Not signed in: sending now gets the 401 challenge a client without a token gets.';
  };

  send.addEventListener('click', async () => {
    const token = request.needsToken ? readToken() : undefined;
    const headers = { ...request.headers, ...(token ? { Authorization: `Bearer ${token.accessToken}` } : {}) };
    send.disabled = true;
    status.textContent = `Sending to ${origin}…`;
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers,
        body: body?.value,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      const head = SHOWN_HEADERS.filter((h) => response.headers.has(h)).map((h) => `${h}: ${response.headers.get(h)}`);
      output.textContent = [
        `HTTP ${response.status} ${response.statusText}`.trim(),
        ...head,
        '',
        toShownBody(response.headers.get('content-type') ?? '', text),
      ].join('\n');
      output.hidden = false;
      if (response.status === 401 && token) forgetToken();
      status.textContent =
        response.status === 401 && request.needsToken
          ? `${response.status}: ${token ? 'your sign-in is no longer accepted' : 'calling a tool needs an access token'}. Sign in to try, then send again.`
          : `${`${response.status} ${response.statusText}`.trim()} from ${origin}.`;
      showButtons();
    } catch (error) {
      // An earlier answer is not left on show as if it were this one's.
      output.hidden = true;
      const timedOut = (error as Error).name === 'TimeoutError';
      status.textContent = timedOut
        ? `No answer from ${origin} within ${TIMEOUT_MS / 1000} seconds.`
        : `Could not reach ${origin}: the service is not running, or not reachable from this browser. Nothing came back.`;
    } finally {
      send.disabled = false;
    }
  });

  signIn?.addEventListener('click', async () => {
    signIn.disabled = true;
    status.textContent = 'Finding the sign-in service…';
    try {
      await startSignIn(config, held, `${location.pathname}#try-it`);
    } catch (error) {
      status.textContent = (error as Error).message;
      signIn.disabled = false;
    }
  });

  signOut?.addEventListener('click', () => {
    forgetToken();
    showSignedIn();
  });

  showSignedIn();
}
