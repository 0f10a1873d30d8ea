import { describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/read-content.ts';
import { LLMS_TXT_MAX_CHARS, toLlmsTxt } from '../../src/lib/to-llms-txt.ts';

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
    expect(toLlmsTxt(content, [])).toContain(`Free tier: ${content.site.free_tier.hosted_starts} hosted starts, no payment card, no sales contact.`);
    const paid = { ...content, site: { ...content.site, free_tier: { hosted_starts: 5, payment_card_required: true, sales_contact_required: true } } };
    expect(toLlmsTxt(paid, [])).toContain('Free tier: 5 hosted starts, a payment card required.');
  });

  it('refuses to pass 50,000 characters, which fails the build', () => {
    const many = Array.from({ length: 400 }, (_, i) => page(i, 'x'.repeat(150)));
    expect(() => toLlmsTxt(content, many)).toThrow(new RegExp(`over the ${LLMS_TXT_MAX_CHARS} limit`));
  });
});
