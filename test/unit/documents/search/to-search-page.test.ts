import { describe, expect, it } from 'vitest';
import { toHeadingIds } from '../../../../documents/search/to-heading-ids.ts';
import { toPlainText } from '../../../../documents/search/to-plain-text.ts';
import { SearchPageError, toSearchPage } from '../../../../documents/search/to-search-page.ts';

const PREAMBLE = '> These are the docs as markdown, for agents.';
const twin = (body: string) =>
  ['# get\\_run', '', '> Inspect a run.', '', PREAMBLE, '', 'Page: https://warden.example/docs/tools/get_run', '', body].join('\n');
const html = (headings: string) =>
  `<html><head></head><body><nav><h2 id="starlight__sidebar">Nav</h2></nav><main><h1 id="_top">get_run</h1>${headings}</main><aside><h2 id="starlight__on-this-page">On this page</h2></aside></body></html>`;

describe('toPlainText (a twin section as search text)', () => {
  it('keeps code as written, links as their text, and drops marks, escapes and table rules', () => {
    const markdown = [
      'Call **`get_run`** with a [`run_id`](https://x.example/a_(b)) \\- see *not\\_found*.',
      '',
      '| Code | Meaning |',
      '| --- | --- |',
      '| `-31401` | No token \\| expired |',
      '',
      '```sh',
      'warden mcp --base-url <URL>',
      '```',
      '> - quoted list item',
    ].join('\n');
    expect(toPlainText(markdown)).toBe(
      'Call get_run with a run_id - see not_found. Code | Meaning -31401 | No token | expired warden mcp --base-url <URL> quoted list item',
    );
  });
});

describe('toHeadingIds', () => {
  it("reads the ids of the main content's headings, not Starlight's own", () => {
    expect(
      toHeadingIds(html('<h2 id="input">Input &amp; <code>run_id</code></h2><h3 id="jsonrpc-31401">-31401 Unauthorized</h3>')),
    ).toEqual([
      { depth: 2, id: 'input', text: 'Input & run_id' },
      { depth: 3, id: 'jsonrpc-31401', text: '-31401 Unauthorized' },
    ]);
  });
});

describe('toSearchPage', () => {
  const page = { path: '/docs/tools/get_run', preambleLine: PREAMBLE };

  it('splits the twin at its headings, each section pointing at the id its heading has on the HTML page', () => {
    const body = [
      'Returns one run.',
      '',
      '## Input',
      '',
      '`run_id`',
      '',
      '```md',
      '## not a heading',
      '```',
      '',
      '### \\-31401 Unauthorized',
      '',
      'No token.',
    ].join('\n');
    const headings = toHeadingIds(html('<h2 id="input">Input</h2><h3 id="jsonrpc-31401">-31401 Unauthorized</h3>'));
    expect(toSearchPage(twin(body), headings, page)).toEqual({
      path: '/docs/tools/get_run',
      title: 'get_run',
      description: 'Inspect a run.',
      sections: [
        { heading: '', fragment: '', text: 'Returns one run.' },
        { heading: 'Input', fragment: 'input', text: 'run_id ## not a heading' },
        { heading: '-31401 Unauthorized', fragment: 'jsonrpc-31401', text: 'No token.' },
      ],
    });
  });

  it('fails naming the page and heading when the HTML has no id for a heading of the twin', () => {
    expect(() => toSearchPage(twin('## Output\n\nx'), toHeadingIds(html('<h2 id="input">Input</h2>')), page)).toThrow(
      new SearchPageError('/docs/tools/get_run: the heading "Output" of its twin has no id on the HTML page'),
    );
  });

  it('fails on a file that is not a twin', () => {
    expect(() => toSearchPage('just text', [], page)).toThrow(SearchPageError);
  });
});
