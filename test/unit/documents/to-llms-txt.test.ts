import { describe, expect, it } from 'vitest';
import { readContent } from '../../../content-model/read-content.ts';
import { toLlmsTxt } from '../../../documents/to-llms-txt.ts';

const content = readContent(undefined, {});
const page = (i: number, description = 'A page.') => ({ path: `/docs/p${i}`, title: `Page ${i}`, description, section: 'Docs' });

describe('toLlmsTxt', () => {
  it('links each page twin with its note, grouped under H2 sections', () => {
    const text = toLlmsTxt(content, [page(1), { ...page(2), section: 'Reference' }]);
    expect(text).toMatch(/## Docs\n\n- \[Page 1\]\(https:\/\/warden\.example\/docs\/p1\.md\): A page\.\n\n## Reference\n\n- \[Page 2\]/);
  });

  it('escapes brackets in a title, so the link still parses (CommonMark link text)', () => {
    const text = toLlmsTxt(content, [{ ...page(1), title: 'Arrays [] and [x]' }]);
    expect(text).toContain('- [Arrays \\[\\] and \\[x\\]](https://warden.example/docs/p1.md): A page.');
  });

  it('says what the free tier costs from its facts, not from a sentence in code', () => {
    expect(toLlmsTxt(content, [])).toContain(
      `Free tier: ${content.site.free_tier.hosted_starts} hosted starts, no payment card, no sales contact.`,
    );
    const paid = {
      ...content,
      site: { ...content.site, free_tier: { hosted_starts: 5, payment_card_required: true, sales_contact_required: true } },
    };
    expect(toLlmsTxt(paid, [])).toContain('Free tier: 5 hosted starts, a payment card required.');
  });

  it('links section files with their size and summary, and says the site is split', () => {
    const text = toLlmsTxt(
      content,
      [page(1)],
      [{ url: 'https://warden.example/docs/big/llms.txt', title: 'Big', pages: 120, tokens: 9876, summary: 'All about big things.' }],
    );
    expect(text).toContain(
      '## Sections\n\n- [Big](https://warden.example/docs/big/llms.txt): 120 pages, about 9,876 tokens. All about big things.',
    );
    expect(text).toMatch(/split into sections/);
  });
});
