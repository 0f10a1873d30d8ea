import { describe, expect, it } from 'vitest';
import { toStackableTables } from '../../../documents/to-stackable-tables.ts';

const wide =
  '<table><thead><tr><th>Tool</th><th>What it <em>does</em></th><th>Scope</th></tr></thead><tbody><tr><td><code>get_run</code></td><td>Inspect</td><td>x</td></tr></tbody></table>';

describe('toStackableTables', () => {
  it('labels every body cell of a table of three or more columns with its column and marks the table', () => {
    const html = toStackableTables(`<p>Before</p>${wide}<p>After</p>`);
    expect(html).toContain('<table class="stack">');
    expect(html).toContain(
      '<td data-label="Tool"><code>get_<wbr>run</code></td><td data-label="What it does">Inspect</td><td data-label="Scope">x</td>',
    );
    expect(html.startsWith('<p>Before</p>') && html.endsWith('<p>After</p>')).toBe(true);
  });

  it('leaves two-column tables, tables without a header row and the rest of the HTML as they are', () => {
    const narrow = '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>';
    const headless = '<table><tbody><tr><td>1</td><td>2</td><td>3</td></tr></tbody></table>';
    const rest = '<div class="x" data-a><script>if (a < b) f("<table>")</script></div>';
    expect(toStackableTables(narrow + headless + rest)).toBe(narrow + headless + rest);
  });

  it('puts a break point after each _ . / : of an identifier in a cell, and nowhere inside a word', () => {
    const table = (code: string) =>
      `<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td><code>${code}</code></td><td>x</td></tr></tbody></table>`;
    expect(toStackableTables(table('workflow_id'))).toContain('<code>workflow_<wbr>id</code>');
    expect(toStackableTables(table('https://a.example/x_y'))).toContain(
      '<code>https:/<wbr>/<wbr>a.<wbr>example/<wbr>x_<wbr>y</code>'.replace('https:/<wbr>/<wbr>', 'https://<wbr>'),
    );
    expect(toStackableTables(table('a &lt; b_c'))).toContain('<code>a &lt; b_<wbr>c</code>');
    expect(toStackableTables(table('plain'))).toBe(table('plain'));
  });
});
