/** Markdown's backslash escapes (CommonMark §2.4): `\_` is `_`. */
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
/** An image or a link, with one level of parentheses inside its address; the text or alt text stays. */
const LINK = /!?\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g;
/** An autolink (`<https://…>`). */
const AUTOLINK = /<((?:https?|mailto):[^>\s]+)>/g;
/** Emphasis and strong marks that are not escaped (turndown writes `*` and `**`). */
const EMPHASIS = /(?<!\\)(\*{1,3}|_{2,3})/g;
/** A table's delimiter row. */
const TABLE_DELIMITER = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const FENCE = /^\s*(```|~~~)/;

/** One line of markdown prose as plain text: code spans kept as written, links as their text, marks and escapes gone. */
export function toPlainInline(line: string): string {
  // Odd pieces of a split on backtick runs are code spans (CommonMark §6.1, for the spans turndown writes).
  // Links first: a link's text may hold a code span.
  return line
    .replace(LINK, '$1')
    .split(/(`+)([^`]*?)\1/)
    .map((piece, i) => {
      if (i % 3 === 1) return '';
      if (i % 3 === 2) return piece;
      return piece.replace(AUTOLINK, '$1').replace(EMPHASIS, '').replace(ESCAPED, '$1');
    })
    .join('');
}

/**
 * Markdown (a twin's section) as the plain text search reads and snippets show: code blocks' lines kept, block
 * markers (quotes, lists, table pipes) dropped, on one line with single spaces.
 */
export function toPlainText(markdown: string): string {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) {
      out.push(line);
      continue;
    }
    if (TABLE_DELIMITER.test(line)) continue;
    const prose = line
      .replace(/^(\s*>)+\s?/, '')
      .replace(/^\s*([-*+]|\d+[.)])\s+/, '')
      .replace(/^\s*\|/, '')
      .replace(/(?<!\\)\|\s*$/, '');
    out.push(toPlainInline(prose.replace(/\s*(?<!\\)\|\s*/g, ' | ')));
  }
  return out.join(' ').replace(/\s+/g, ' ').trim();
}
