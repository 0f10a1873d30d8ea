import { parse } from 'node-html-parser';

/** Tables with at least this many columns stack their rows on a narrow column (src/styles/tables.css). */
export const STACK_FROM_COLUMNS = 3;

const TABLE = /<table\b[^>]*>[\s\S]*?<\/table>/g;

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
    const labels = table?.querySelectorAll('thead tr:first-child th').map((th) => th.text.replace(/\s+/g, ' ').trim()) ?? [];
    if (!table || labels.length < STACK_FROM_COLUMNS) return source;
    table.classList.add('stack');
    for (const row of table.querySelectorAll('tbody tr')) {
      row.querySelectorAll('td, th').forEach((cell, i) => {
        if (labels[i]) cell.setAttribute('data-label', labels[i]);
      });
    }
    return table.toString();
  });
}
