/**
 * Rows as CSV (RFC 4180: CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled). A text cell
 * that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with a quote, so no spreadsheet reads it
 * as a formula (OWASP's CSV injection advice).
 */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const cell = (value: unknown): string => {
    if (value === null || value === undefined) return '';
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))].map((line) => `${line}\r\n`).join('');
}
