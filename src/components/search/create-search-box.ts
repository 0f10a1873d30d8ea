// The search dialog's behaviour, Starlight's keys and more: `/` and Ctrl/⌘+K open it, Escape closes it (the
// dialog's own), results come as the person types, ArrowDown and ArrowUp move between the input and the results,
// Enter follows the chosen result (the first from the input). The engine (search-engine.ts) is imported on first open,
// so a page where no one searches loads none of it. A question the person settles on that finds nothing (they stop
// typing a moment, press Enter, empty the box or close the dialog on it) is told to the edge once (report-miss.ts),
// never each keystroke's.
import type { SearchResultJson } from './search-engine.ts';

type Engine = typeof import('./search-engine.ts');

/** How long the typing must rest on a question that finds nothing before it counts as settled. */
const SETTLE_MS = 1500;

/** Submit events of a form an agent filled through WebMCP (the declarative API): the agent awaits what respondWith is given. */
interface AgentSubmitEvent extends SubmitEvent {
  agentInvoked?: boolean;
  respondWith?: (result: Promise<unknown>) => void;
}

/** Whether a key press goes to something the person is typing in, where `/` is a character and not the shortcut. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The page's own address of a result (path and fragment), so a link works wherever the site is served. */
const toLocalHref = (url: string) => {
  const { pathname, hash } = new URL(url);
  return `${pathname}${hash}`;
};

/** `text` as nodes, the words the query matched in <mark>. */
function toMarkedNodes(engine: Engine, text: string, q: string): Node[] {
  return engine.toMarkedParts(text, q).map((part) => {
    if (!part.mark) return document.createTextNode(part.text);
    const mark = document.createElement('mark');
    mark.textContent = part.text;
    return mark;
  });
}

function toResultItem(engine: Engine, result: SearchResultJson, q: string): HTMLLIElement {
  // The title, then the heading and the snippet when the result has them, each with the matched words marked.
  const part = (className: string, text: string) => {
    const span = document.createElement('span');
    span.className = className;
    span.append(...toMarkedNodes(engine, text, q));
    return span;
  };
  const link = document.createElement('a');
  link.href = toLocalHref(result.url);
  link.append(part('result-title', result.title));
  if (result.heading) link.append(part('result-heading', result.heading));
  if (result.snippet) link.append(part('result-snippet', result.snippet));
  const item = document.createElement('li');
  item.append(link);
  return item;
}

/** Wires the `<site-search>` element of Search.astro. */
export function createSearchBox(host: HTMLElement): void {
  const openButton = host.querySelector<HTMLButtonElement>('button[data-open-modal]')!;
  const closeButton = host.querySelector<HTMLButtonElement>('button[data-close-modal]')!;
  const dialog = host.querySelector('dialog')!;
  const frame = host.querySelector('.dialog-frame')!;
  const form = host.querySelector('form')!;
  const input = form.querySelector('input')!;
  const status = host.querySelector<HTMLElement>('[role="status"]')!;
  const list = host.querySelector<HTMLOListElement>('ol')!;
  let engine: Promise<Engine> | undefined;
  const loadEngine = () => {
    engine ??= import('./search-engine.ts').catch((error: unknown) => {
      engine = undefined;
      throw error;
    });
    return engine;
  };
  // Each keystroke starts a search; only the latest one's results are shown.
  let latest = 0;
  // The question the list shows an answer to, when that answer was no result; and the wait for the typing to rest on it.
  let miss: { engine: Engine; q: string } | undefined;
  let settling: ReturnType<typeof setTimeout> | undefined;
  const settleMiss = () => {
    clearTimeout(settling);
    if (miss) miss.engine.reportMiss(miss.q);
  };

  const links = () => [...list.querySelectorAll('a')];

  async function show(q: string): Promise<void> {
    const run = ++latest;
    // Emptying the box (Escape does so first in a search field) gives up on the question shown: it is settled too.
    if (q.trim() === '') settleMiss();
    clearTimeout(settling);
    miss = undefined;
    if (q.trim() === '') {
      list.replaceChildren();
      status.textContent = '';
      host.removeAttribute('data-results');
      return;
    }
    try {
      const loaded = await loadEngine();
      const { results } = await loaded.searchEngine.answer(q);
      if (run !== latest) return;
      list.replaceChildren(...results.map((r) => toResultItem(loaded, r, q)));
      status.textContent =
        results.length === 0 ? `No page matched “${q.trim()}”.` : `${results.length} ${results.length === 1 ? 'result' : 'results'}`;
      if (results.length === 0) {
        miss = { engine: loaded, q };
        settling = setTimeout(settleMiss, SETTLE_MS);
      }
    } catch (error) {
      if (run !== latest) return;
      list.replaceChildren();
      status.textContent =
        error instanceof Error && error.name === 'SearchQueryError' ? error.message : 'Search is unavailable: the index could not be read.';
    }
    // Set once the list shows this query's answer: what a test waits for instead of a time.
    host.setAttribute('data-results', q);
  }

  /** Close the dialog when a result is followed or the person clicks outside it. */
  const onClick = (event: MouseEvent) => {
    const target = event.target as Node | null;
    if ((target instanceof Element && target.closest('a')) || (target && document.body.contains(target) && !frame.contains(target)))
      dialog.close();
  };

  const open = (event?: Event) => {
    if (dialog.open) return;
    dialog.showModal();
    document.body.toggleAttribute('data-search-modal-open', true);
    input.focus();
    input.select();
    event?.stopPropagation();
    window.addEventListener('click', onClick);
    // Fetch the engine and the index's core file while the person starts typing.
    loadEngine().catch(() => {});
  };

  openButton.addEventListener('click', open);
  openButton.disabled = false;
  closeButton.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    settleMiss();
    document.body.toggleAttribute('data-search-modal-open', false);
    window.removeEventListener('click', onClick);
  });

  window.addEventListener('keydown', (event) => {
    if ((event.metaKey || event.ctrlKey) && event.key === 'k') {
      event.preventDefault();
      if (dialog.open) dialog.close();
      else open();
    } else if (event.key === '/' && !dialog.open && !isTyping(event.target) && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      open();
    }
  });

  input.addEventListener('input', () => void show(input.value));

  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = links();
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, items.length - 1) : at - 1;
    event.preventDefault();
    if (next < 0) input.focus();
    else items[next]!.focus();
  });

  form.addEventListener('submit', (event: AgentSubmitEvent) => {
    event.preventDefault();
    const q = input.value;
    if (event.agentInvoked && event.respondWith) {
      // An agent's call of the form's tool (search_docs_box): it gets the results as /api/search's JSON lists them.
      event.respondWith(
        loadEngine().then((loaded) => {
          void show(q);
          return loaded.searchEngine.answer(q);
        }),
      );
      return;
    }
    void show(q).then(() => {
      const first = links()[0];
      if (first) first.click();
      else settleMiss();
    });
  });
}
