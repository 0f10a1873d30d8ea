/** A markdown table from a header row and rows of cells. */
export function toTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A ratio as `0.92×`. */
export const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

/** A number with thousands separators, rounded. */
export const num = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** ✅ when a target is met, ❌ otherwise, for the verdict column. */
export const verdict = (met: boolean): string => (met ? 'met' : '**missed**');
