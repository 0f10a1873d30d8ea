// The operator's feedback page in the browser: finishes a sign-in that returns here, then reads the operator's API with
// the token (the reports, the gaps, the traffic) and draws it; a comment's status is set from its own select.
import type { TryItConfig } from '../../../documents/try-it/to-try-it-config.ts';
import { PATHS } from '../../../facts/paths.ts';
import { createHeldToken } from '../try-it/held-token.ts';
import { finishSignIn, startSignIn } from '../try-it/sign-in-steps.ts';
import { type FeedbackItem, type TrafficRow, toFamilies, toNewestComments, toPageVotes } from './to-feedback-view.ts';

/** What the page says as it goes (FeedbackView.astro, from content/i18n/), `{{name}}` filled in here. */
type Words = Record<
  'signedOut' | 'signedIn' | 'loading' | 'refused' | 'helpful' | 'notHelpful' | 'status' | 'statusSaved' | 'requests' | 'none',
  string
>;

/** The operator's sign-in, kept apart from the Try it panel's (its own scope and redirect). */
const held = createHeldToken('operator');
/** The most reports the page reads (pages of 200, newest first). */
const MOST_REPORTS = 1000;
/** How many of the newest comments it shows. */
const COMMENTS = 20;
/** How many questions and missing addresses it shows. */
const GAPS = 15;

/** The operator's API refused or could not be reached: its problem detail, or a sentence. */
class ViewError extends Error {
  override name = 'ViewError';
  readonly status: number;
  constructor(status: number, detail: string) {
    super(detail);
    this.status = status;
  }
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** Calls the operator's API with the token; the JSON answer, or a ViewError. */
async function call<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...init.headers },
    });
  } catch {
    throw new ViewError(0, `${location.origin} could not be reached from this browser.`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new ViewError(response.status, String(body.detail ?? `HTTP ${response.status}`));
  return body as T;
}

/** Every report up to MOST_REPORTS, following the list's cursor. */
async function readReports(token: string): Promise<FeedbackItem[]> {
  const items: FeedbackItem[] = [];
  let cursor: string | null = null;
  do {
    const query: URLSearchParams = new URLSearchParams({ limit: '200', ...(cursor ? { cursor } : {}) });
    const page: { items: FeedbackItem[]; next_cursor: string | null } = await call(token, `${PATHS.feedback}?${query}`);
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && items.length < MOST_REPORTS);
  return items;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
};

/** One row of bars: a label, the bar (each part as wide as its share of `scale`), and the counts in words. */
function toBarRow(label: Node, parts: Array<{ count: number; className: string }>, scale: number, said: string): HTMLLIElement {
  const row = element('li', 'feedback-view__row');
  const bar = element('span', 'feedback-view__bar');
  // The words say the counts; the bar only shows them.
  bar.setAttribute('aria-hidden', 'true');
  for (const part of parts) {
    const fillEl = element('span', part.className);
    fillEl.style.width = `${(100 * part.count) / Math.max(scale, 1)}%`;
    bar.append(fillEl);
  }
  row.append(element('span', 'feedback-view__label'), bar, element('span', 'feedback-view__count', said));
  row.firstChild!.appendChild(label);
  return row;
}

const pageLink = (page: string, section?: string | null) => {
  const link = element('a', undefined, section ? `${page}#${section}` : page);
  link.href = section ? `${page}#${section}` : page;
  return link;
};

/** Makes the page work: sign-in state, then the views once a token is held. */
export async function wireFeedbackView(view: HTMLElement): Promise<void> {
  const config = JSON.parse(view.querySelector('[data-config]')!.textContent ?? '{}') as TryItConfig & { statuses: string[] };
  const words = JSON.parse(view.querySelector('[data-words]')!.textContent ?? '{}') as Words;
  const status = view.querySelector<HTMLElement>('[data-status]')!;
  const signIn = view.querySelector<HTMLButtonElement>('[data-sign-in]')!;
  const signOut = view.querySelector<HTMLButtonElement>('[data-sign-out]')!;
  const views = view.querySelector<HTMLElement>('[data-views]')!;
  const part = (id: string) => view.querySelector<HTMLElement>(`[data-view="${id}"]`)!;
  const list = (id: string, items: HTMLElement[], ordered = false) => {
    const out = element(ordered ? 'ol' : 'ul', 'feedback-view__list');
    out.append(...items);
    part(id).replaceChildren(items.length > 0 ? out : element('p', undefined, words.none));
  };

  function drawPages(items: FeedbackItem[]): void {
    const votes = toPageVotes(items);
    const most = Math.max(0, ...votes.map((v) => v.helpful + v.notHelpful));
    list(
      'pages',
      votes.map((v) =>
        toBarRow(
          pageLink(v.page),
          [
            { count: v.helpful, className: 'feedback-view__yes' },
            { count: v.notHelpful, className: 'feedback-view__no' },
          ],
          most,
          `${v.helpful} ${words.helpful}, ${v.notHelpful} ${words.notHelpful}`,
        ),
      ),
    );
  }

  function drawComments(token: string, items: FeedbackItem[]): void {
    const rows = toNewestComments(items, COMMENTS).map((item) => {
      const row = element('li', 'feedback-view__comment');
      const head = element('p', 'feedback-view__meta');
      const when = element('time', undefined, new Date(item.received_at).toLocaleString());
      when.dateTime = item.received_at;
      head.append(pageLink(item.page, item.section), ' · ', when, ` · ${item.agent ?? item.source}`);
      const select = element('select');
      select.setAttribute('aria-label', `${words.status}: ${item.id}`);
      for (const name of config.statuses) select.append(new Option(name, name, false, name === item.status));
      select.addEventListener('change', async () => {
        try {
          const saved = await call<{ status: string }>(token, `${PATHS.feedback}/${item.id}`, {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ status: select.value }),
          });
          // What a later refused change goes back to.
          item.status = saved.status as typeof item.status;
          status.textContent = fill(words.statusSaved, { id: item.id, status: saved.status });
        } catch (error) {
          select.value = item.status;
          status.textContent = fill(words.refused, { detail: (error as Error).message });
        }
      });
      const label = element('label', 'feedback-view__status', `${words.status} `);
      label.append(select);
      row.append(head, element('blockquote', undefined, item.comment ?? ''), label);
      return row;
    });
    list('comments', rows, true);
  }

  function drawCounts(id: string, rows: Array<{ label: string; count: number }>, link = false): void {
    const most = Math.max(0, ...rows.map((r) => r.count));
    list(
      id,
      rows.map((r) =>
        toBarRow(
          link ? pageLink(r.label) : document.createTextNode(r.label),
          [{ count: r.count, className: 'feedback-view__count-bar' }],
          most,
          `${r.count}`,
        ),
      ),
    );
  }

  async function load(token: string): Promise<void> {
    status.textContent = words.loading;
    try {
      const [items, gaps, traffic] = await Promise.all([
        readReports(token),
        call<{ questions: Array<{ question: string; count: number }>; missing_pages: Array<{ path: string; count: number }> }>(
          token,
          `${PATHS.feedback}/gaps?limit=${GAPS}`,
        ),
        call<{ days: TrafficRow[] }>(token, `${PATHS.feedback}/traffic?days=30`),
      ]);
      drawPages(items);
      drawComments(token, items);
      drawCounts(
        'questions',
        gaps.questions.map((q) => ({ label: q.question, count: q.count })),
      );
      drawCounts(
        'missing-pages',
        gaps.missing_pages.map((p) => ({ label: p.path, count: p.count })),
      );
      drawCounts(
        'traffic',
        toFamilies(traffic.days).map((f) => ({ label: `${f.family} (${f.category})`, count: f.count })),
      );
      views.hidden = false;
      showAccount();
    } catch (error) {
      // A token no longer accepted is dropped: the reader signs in again.
      if (error instanceof ViewError && error.status === 401) held.forgetToken();
      showAccount();
      status.textContent = fill(words.refused, { detail: (error as Error).message });
    }
  }

  /** Sign in or Sign out, and the sign-in state, as a token is held; returns the token. */
  function showAccount() {
    const token = held.readToken();
    [signIn.hidden, signOut.hidden] = [Boolean(token), !token];
    status.textContent = token
      ? fill(words.signedIn, { time: new Date(token.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) })
      : words.signedOut;
    if (!token) views.hidden = true;
    return token;
  }

  signIn.addEventListener('click', async () => {
    signIn.disabled = true;
    try {
      await startSignIn(config, held, location.pathname);
    } catch (error) {
      status.textContent = (error as Error).message;
      signIn.disabled = false;
    }
  });
  signOut.addEventListener('click', () => {
    held.forgetToken();
    showAccount();
    signIn.focus();
  });

  const returned = await finishSignIn(config, held, 'choose Sign in again.');
  if (returned.kind === 'failed') {
    status.textContent = returned.message;
    return;
  }
  const token = showAccount();
  if (token) await load(token.accessToken);
}
