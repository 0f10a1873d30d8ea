import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { toInlineHtml } from '../../../documents/to-inline-html.ts';

const content = readContent(getContentDir(), {});
/** What is left after removing the only tags toInlineHtml may write. */
const withoutOwnTags = (html: string) => html.replace(/<\/?code>|<a href="[^"<>]*">|<\/a>/g, '');

describe('toInlineHtml', () => {
  it('escapes markup in a description, so a <script> comes out as text', () => {
    const html = toInlineHtml('Beware <script>alert("x" & 1)</script> here.');
    expect(html).toBe('Beware &lt;script&gt;alert(&quot;x&quot; &amp; 1)&lt;/script&gt; here.');
    expect(html).not.toContain('<script');
  });

  it('turns backticks into <code>, escaping what is inside', () => {
    expect(toInlineHtml('Send `<token>` and `Accept: */*`.')).toBe('Send <code>&lt;token&gt;</code> and <code>Accept: */*</code>.');
  });

  it('turns [text](url) into a link, code inside the text included', () => {
    expect(toInlineHtml('See [the `errors` page](/docs/errors#not-found).')).toBe(
      'See <a href="/docs/errors#not-found">the <code>errors</code> page</a>.',
    );
  });

  it('cannot be made to break out of the href attribute', () => {
    const html = toInlineHtml('[x](/a"onmouseover="alert(1))');
    expect(html).toMatch(/^<a href="[^"]*">x<\/a>/);
    expect(html).not.toMatch(/ onmouseover=/);
  });

  it('leaves a lone backtick or bracket as text, and collapses whitespace to one line', () => {
    expect(toInlineHtml('  a ` b [c]\n\n  (d)  ')).toBe('a ` b [c] (d)');
  });

  it('renders every operation, response, header and tool description of the content with no stray markup', () => {
    const texts = [
      ...content.operations.flatMap((op) => [
        op.description,
        ...Object.values(op.responses).flatMap((r) => [r.description, ...Object.values(r.headers ?? {}).map((h) => h.description)]),
      ]),
      ...content.tools.map((t) => t.description),
    ];
    const withCode = texts.filter((t) => /`[^`]+`/.test(t));
    expect(withCode.length).toBeGreaterThan(0);
    for (const text of texts) {
      const html = toInlineHtml(text);
      expect(withoutOwnTags(html), text).not.toMatch(/[<>`]/);
    }
    for (const text of withCode) expect(toInlineHtml(text)).toContain('<code>');
  });
});
