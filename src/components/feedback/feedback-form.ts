// The "Was this page helpful?" form once someone uses it (Feedback.astro's loader imports this on first use): Yes or
// No is sent at once, one report each, and opens the optional comment box with the section it is about (made here,
// the page's headings listed), sent as a report of its own, so a comment never counts as a second answer. The outcome
// is said in the form's polite live region; focus stays on the control the person used, which stays enabled (a second
// press while a report is on its way is ignored rather than refused).
import { type SentReport, sendReport } from './send-report.ts';

/** The comment box's words and what the form says as it goes (Feedback.astro, from content/i18n/). */
interface Words {
  comment: string;
  commentHint: string;
  section: string;
  wholePage: string;
  send: string;
  thanks: string;
  sending: string;
  sent: string;
  empty: string;
  /** With `{{detail}}`: the edge's own sentence for why it refused. */
  refused: string;
  unreachable: string;
}

/** The page's sections: each heading of its content with an id, as its table of contents lists them (h2 and h3). */
function toSectionOptions(wholePage: string): HTMLOptionElement[] {
  const headings = [...document.querySelectorAll<HTMLHeadingElement>('.sl-markdown-content :is(h2, h3)[id]')];
  return [
    new Option(wholePage, ''),
    ...headings.map((h) => new Option(`${h.tagName === 'H3' ? '– ' : ''}${h.textContent?.trim() || h.id}`, h.id)),
  ];
}

/** The comment box, hidden until an answer is sent: a labelled comment, the section it is about, and Send. */
function createCommentBox(words: Words): { box: HTMLElement; comment: HTMLTextAreaElement; section: HTMLSelectElement } {
  const labelled = <T extends HTMLElement>(id: string, text: string, control: T) => {
    control.id = id;
    const label = Object.assign(document.createElement('label'), { htmlFor: id, textContent: text });
    return [label, control] as const;
  };
  const comment = Object.assign(document.createElement('textarea'), { name: 'comment', rows: 3, maxLength: 2000 });
  const hint = Object.assign(document.createElement('p'), {
    id: 'feedback-comment-hint',
    className: 'feedback__hint',
    textContent: words.commentHint,
  });
  comment.setAttribute('aria-describedby', hint.id);
  const section = Object.assign(document.createElement('select'), { name: 'section' });
  section.append(...toSectionOptions(words.wholePage));
  const send = Object.assign(document.createElement('button'), { type: 'button', textContent: words.send });
  send.dataset.send = '';
  const box = Object.assign(document.createElement('div'), { className: 'feedback__more', hidden: true });
  box.append(...labelled('feedback-comment', words.comment, comment), hint, ...labelled('feedback-section', words.section, section), send);
  return { box, comment, section };
}

/** The sentence for a report that was not stored. */
const toRefusal = (words: Words, sent: Extract<SentReport, { ok: false }>) =>
  sent.status === 0 ? words.unreachable : words.refused.replace('{{detail}}', sent.detail ?? '');

/** Makes the form work; returns what handles its clicks (the loader hands it each one). */
export function wireFeedback(form: HTMLElement): (event: Event) => void {
  const words = JSON.parse(form.querySelector('[data-words]')?.textContent ?? '{}') as Words;
  const votes = [...form.querySelectorAll<HTMLButtonElement>('button[data-helpful]')];
  const status = form.querySelector<HTMLElement>('[data-status]')!;
  const { box, comment, section } = createCommentBox(words);
  status.after(box);
  const page = location.pathname;
  let answered: boolean | undefined;
  let busy = false;

  /** Sends one report unless one is on its way; says the outcome, and returns whether it was stored. */
  async function send(report: Record<string, unknown>): Promise<boolean> {
    if (busy) return false;
    busy = true;
    status.textContent = words.sending;
    const sent = await sendReport({ page, ...report }, 'page');
    busy = false;
    if (!sent.ok) status.textContent = toRefusal(words, sent);
    return sent.ok;
  }

  async function vote(button: HTMLButtonElement): Promise<void> {
    const helpful = button.dataset.helpful === 'true';
    if (busy || answered === helpful) return;
    if (!(await send({ helpful }))) return;
    answered = helpful;
    for (const b of votes) b.setAttribute('aria-pressed', String(b === button));
    box.hidden = false;
    status.textContent = words.thanks;
  }

  async function sendComment(): Promise<void> {
    const text = comment.value.trim();
    if (!text) {
      status.textContent = words.empty;
      comment.focus();
      return;
    }
    if (!(await send({ comment: text, ...(section.value ? { section: section.value } : {}) }))) return;
    comment.value = '';
    section.value = '';
    status.textContent = words.sent;
  }

  return (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button');
    if (button?.dataset.helpful) void vote(button);
    else if (button?.hasAttribute('data-send')) void sendComment();
  };
}
