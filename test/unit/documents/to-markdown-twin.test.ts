import { describe, expect, it } from 'vitest';
import { toMarkdownTwin, TwinError } from '../../../documents/to-markdown-twin.ts';

const ctx = {
  pagePath: '/docs/guide',
  baseUrl: 'https://warden.example',
  pagePaths: new Set(['/', '/docs/guide', '/docs/other']),
  preamble: 'Docs for agents: https://warden.example/llms.txt.',
};

// The shapes Starlight 0.42 renders: heading wrappers with anchor links, Expressive Code, asides, tabs, cards.
const page = (body: string) => `<!doctype html><html><head><title>Guide | Warden</title>
<meta name="description" content="A guide."></head><body><nav>Skip to content</nav><main>
<h1 id="_top">Guide</h1><div class="sl-markdown-content">${body}</div><footer>Previous</footer></main></body></html>`;

describe('toMarkdownTwin', () => {
  it('keeps the title, description, headings and tables, and drops anchor labels and chrome', () => {
    const twin = toMarkdownTwin(
      page(`<div class="sl-heading-wrapper level-h2"><h2 id="a">Alpha</h2><a class="sl-anchor-link" href="#a"><span class="sr-only">Section titled “Alpha”</span></a></div>
<table><thead><tr><th>k</th><th>v</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>`),
      ctx,
    );
    expect(twin).toMatch(/^---\ntitle: "Guide"\ndescription: "A guide\."\ncanonical_url: "[^"]+"\n---\n\n# Guide\n\n> A guide\.\n/);
    expect(twin).toContain('## Alpha');
    expect(twin).toMatch(/^\| k +\| v +\|$/m);
    expect(twin).not.toMatch(/Section titled|Skip to content|Previous/);
  });

  it('turns Expressive Code blocks into fenced code with their language', () => {
    const twin = toMarkdownTwin(
      page(`<div class="expressive-code"><figure class="frame"><figcaption><span class="sr-only">Terminal window</span></figcaption>
<pre data-language="sh"><code><div class="ec-line"><div class="code">echo one</div></div><div class="ec-line"><div class="code">echo two</div></div></code></pre>
<div class="copy"><button data-code="echo one">Copy</button></div></figure></div>`),
      ctx,
    );
    expect(twin).toContain('```sh\necho one\necho two\n```');
    expect(twin).not.toContain('Terminal window');
  });

  it('makes links absolute and points links to pages at their twins', () => {
    const twin = toMarkdownTwin(
      page(
        `<p><a href="/docs/other#x">other</a> <a href="/openapi.json">spec</a> <a href="#local">here</a> <a href="https://example.org/">out</a></p>`,
      ),
      ctx,
    );
    expect(twin).toContain('[other](https://warden.example/docs/other.md#x)');
    expect(twin).toContain('[spec](https://warden.example/openapi.json)');
    expect(twin).toContain('[here](https://warden.example/docs/guide.md#local)');
    expect(twin).toContain('[out](https://example.org/)');
  });

  it('writes asides as labelled quotes, tabs as labelled sections and cards with their titles', () => {
    const twin = toMarkdownTwin(
      page(`<aside class="starlight-aside"><p class="starlight-aside__title">Caution</p><div class="starlight-aside__content"><p>Careful.</p></div></aside>
<starlight-tabs><ul role="tablist"><li><a role="tab">npm</a></li><li><a role="tab">curl</a></li></ul><div role="tabpanel"><p>one</p></div><div role="tabpanel"><p>two</p></div></starlight-tabs>
<article class="card"><p class="title"><span>Jail</span></p><div class="body"><p>Contains.</p></div></article>`),
      ctx,
    );
    expect(twin).toContain('> **Caution:**');
    expect(twin).toMatch(/\*\*npm\*\*\n\none\n\n\*\*curl\*\*\n\ntwo/);
    expect(twin).toMatch(/\*\*Jail\*\*\n\nContains\./);
  });

  it('fails on a page without content, rather than writing an empty twin', () => {
    expect(() => toMarkdownTwin('<html><body><main></main></body></html>', ctx)).toThrow(TwinError);
  });

  it('fails when unrendered JSX or HTML shows up as text (a broken MDX component)', () => {
    expect(() => toMarkdownTwin(page('<p>&lt;Card title="Jail"&gt;</p>'), ctx)).toThrow(/HTML or JSX left/);
  });
});
