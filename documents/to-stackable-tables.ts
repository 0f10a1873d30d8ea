import { parse } from 'node-html-parser';
import { escapeHtmlText } from './escape-html.ts';

/** Tables with at least this many columns stack their rows on a narrow column (src/styles/tables.css). */
export const STACK_FROM_COLUMNS = 3;

const TABLE = /<table\b[^>]*>[\s\S]*?<\/table>/g;

/**
 * Gives identifiers in table cells (`workflow_id`, `tools/call`, `warden:access`, URLs) their break points: a `<wbr>`
 * after each `_`, `.`, `/` and `:`, so a narrow column wraps them between their parts and never inside a word (the
 * table's minimum width is then its longest part, which tables.css lets stand whole). Returns whether any was added.
 */
function addIdentifierBreaks(table: ReturnType<typeof parse>): boolean {
  let added = false;
  for (const code of table.querySelectorAll('td code, th code')) {
    if (code.childNodes.some((n) => n.nodeType !== 3) || !/[_./:]./.test(code.text)) continue;
    code.set_content(escapeHtmlText(code.text).replace(/([_./:]+)(?=.)/g, '$1<wbr>'));
    added = true;
  }
  return added;
}

/**
 * Marks each table of rendered page content that has a header row of STACK_FROM_COLUMNS or more columns: the
 * table gets the class `stack` and each body cell a `data-label` naming its column, so a narrow screen can show
 * every row as a card of "label: value" lines instead of scrolling sideways. Only the tables are re-serialised;
 * the rest of the HTML is left byte for byte.
 */
export function toStackableTables(html: string): string {
  if (!html.includes('<table')) return html;
  return html.replace(TABLE, (source) => {
    const table = parse(source).querySelector('table');
    if (!table) return source;
    const breaks = addIdentifierBreaks(table);
    const labels = table.querySelectorAll('thead tr:first-child th').map((th) => th.text.replace(/\s+/g, ' ').trim());
    if (labels.length < STACK_FROM_COLUMNS) return breaks ? table.toString() : source;
    table.classList.add('stack');
    for (const row of table.querySelectorAll('tbody tr')) {
      row.querySelectorAll('td, th').forEach((cell, i) => {
        if (labels[i]) cell.setAttribute('data-label', labels[i]);
      });
    }
    return table.toString();
  });
}
