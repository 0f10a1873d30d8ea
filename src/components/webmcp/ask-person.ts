// Asks the person at the page before an agent's tool call changes anything. The WebMCP draft leaves confirmation to
// the page (its execute options carry only a signal); an earlier draft's requestUserInteraction(callback), which
// pauses the agent while the page asks, is used where a browser still offers it.

/** What the person is asked: a heading, a sentence, and the call's input shown as it will be sent. */
export interface Question {
  title: string;
  text: string;
  input: unknown;
}

/** Shows a modal dialog with Allow and Don't allow; resolves true only for Allow, false when closed or cancelled. */
function showDialog(question: Question, signal?: AbortSignal): Promise<boolean> {
  const dialog = document.createElement('dialog');
  dialog.className = 'webmcp-ask';
  dialog.setAttribute('aria-labelledby', 'webmcp-ask-title');
  const title = Object.assign(document.createElement('h2'), { id: 'webmcp-ask-title', textContent: question.title });
  const text = Object.assign(document.createElement('p'), { textContent: question.text });
  const input = Object.assign(document.createElement('pre'), { textContent: JSON.stringify(question.input, null, 2), tabIndex: 0 });
  input.setAttribute('aria-label', 'Input');
  const allow = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Allow' });
  const deny = Object.assign(document.createElement('button'), { type: 'button', textContent: "Don't allow" });
  const actions = document.createElement('div');
  actions.className = 'webmcp-ask__actions';
  actions.append(allow, deny);
  dialog.append(title, text, input, actions);
  document.body.append(dialog);
  return new Promise<boolean>((resolve) => {
    const end = (answer: boolean) => {
      dialog.close();
      dialog.remove();
      signal?.removeEventListener('abort', cancel);
      resolve(answer);
    };
    const cancel = () => end(false);
    allow.addEventListener('click', () => end(true));
    deny.addEventListener('click', cancel);
    // Escape closes a modal dialog: the same as Don't allow.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      cancel();
    });
    signal?.addEventListener('abort', cancel);
    dialog.showModal();
    deny.focus();
  });
}

/** Asks the person; true when they allowed it. */
export function askPerson(question: Question, options: WebMcpExecuteOptions = {}): Promise<boolean> {
  if (options.signal?.aborted) return Promise.resolve(false);
  const ask = () => showDialog(question, options.signal);
  return typeof options.requestUserInteraction === 'function' ? options.requestUserInteraction(ask) : ask();
}
