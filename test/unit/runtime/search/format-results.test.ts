import { describe, expect, it } from 'vitest';
import { toSearchJson, toSearchMarkdown } from '../../../../runtime/search/format-results.ts';
import type { SearchHit } from '../../../../runtime/search/rank-pages.ts';

const BASE = 'https://warden.example';
const HITS: SearchHit[] = [
  {
    path: '/docs/cli',
    twinPath: '/docs/cli.md',
    title: 'CLI',
    heading: 'warden mcp',
    fragment: 'warden-mcp',
    snippet: 'Access tokens are renewed before they expire; see `get_run` and [x](y).',
    score: 12.345678,
  },
  { path: '/', twinPath: '/index.md', title: 'Warden', heading: null, fragment: null, snippet: '', score: 1 },
];

describe('toSearchJson', () => {
  it('gives absolute page and twin URLs on the base URL, the fragment on both when a section matched', () => {
    expect(toSearchJson('warden mcp', HITS, BASE)).toEqual({
      query: 'warden mcp',
      results: [
        {
          title: 'CLI',
          url: 'https://warden.example/docs/cli#warden-mcp',
          markdown: 'https://warden.example/docs/cli.md#warden-mcp',
          heading: 'warden mcp',
          snippet: HITS[0]!.snippet,
          score: 12.346,
        },
        {
          title: 'Warden',
          url: 'https://warden.example/',
          markdown: 'https://warden.example/index.md',
          heading: null,
          snippet: '',
          score: 1,
        },
      ],
    });
  });

  it('is an empty list, not an error, without results', () => {
    expect(toSearchJson('nothing', [], BASE)).toEqual({ query: 'nothing', results: [] });
  });
});

describe('toSearchMarkdown', () => {
  it('numbers the results, each linking its twin and its page, the snippet under it', () => {
    expect(toSearchMarkdown('warden mcp', HITS, BASE)).toBe(
      [
        '# Search: warden mcp',
        '',
        '2 results, best first. Each link is the page as markdown.',
        '',
        '1. [CLI › warden mcp](<https://warden.example/docs/cli.md#warden-mcp>) (HTML: <https://warden.example/docs/cli#warden-mcp>)',
        '   Access tokens are renewed before they expire; see \\`get_run\\` and \\[x\\](y).',
        '2. [Warden](<https://warden.example/index.md>) (HTML: <https://warden.example/>)',
        '',
      ].join('\n'),
    );
  });

  it('says where every page is listed when nothing matched', () => {
    expect(toSearchMarkdown('nothing', [], BASE)).toBe(
      '# Search: nothing\n\nNo page matched. Every page is listed in https://warden.example/llms.txt.\n',
    );
  });

  it('keeps a query from becoming markup: no heading, link or HTML of its own', () => {
    const text = toSearchMarkdown('# [x](javascript:alert(1)) <img src=x>', [], BASE);
    expect(text.split('\n')[0]).toBe('# Search: \\# \\[x\\](javascript:alert(1)) \\<img src=x\\>');
  });
});
