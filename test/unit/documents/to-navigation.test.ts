import { describe, expect, it } from 'vitest';
import { toNavigation, toPageNavigation, toSectionLinks, type NavEntry, type NavPage } from '../../../documents/to-navigation.ts';

const LABELS = { guides: 'Guides', reference: 'Reference' };
const guide = (path: string, order: number): NavPage => ({ path, label: path.slice(6), folders: [], order, area: 'guides' });
const inFolder = (path: string, order = 1000): NavPage => ({
  path,
  label: path,
  folders: path.split('/').slice(2, -1),
  order,
  area: 'guides',
});
const ref = (path: string, parent?: string): NavPage => ({
  path,
  label: path,
  folders: [],
  order: 0,
  area: 'reference',
  ...(parent ? { parent } : {}),
});
const links = (entries: NavEntry[]): string[] => entries.flatMap((e) => (e.type === 'link' ? [e.href] : links(e.entries)));
const count = (entries: NavEntry[]) => links(entries).length;

const site = (areas: number) => [
  guide('/docs/quick-start', 2),
  guide('/docs/overview', 1),
  ...Array.from({ length: areas }, (_, a) =>
    Array.from({ length: 40 }, (_, i) => inFolder(`/docs/area-${a}/${i % 2 ? 'how-to' : 'concepts'}/p${i}`, i)),
  ).flat(),
  ref('/docs/reference/endpoints'),
  ref('/docs/reference/get-health', '/docs/reference/endpoints'),
  ref('/docs/errors'),
];

describe('toNavigation', () => {
  it('sections: guides in order, one per top-level docs folder, then the reference', () => {
    const nav = toNavigation(site(3), LABELS);
    expect(nav.sections.map((s) => [s.label, s.href])).toEqual([
      ['Guides', '/docs/overview'],
      ['area-0', '/docs/area-0/concepts/p0'],
      ['area-1', '/docs/area-1/concepts/p0'],
      ['area-2', '/docs/area-2/concepts/p0'],
      ['Reference', '/docs/reference/endpoints'],
    ]);
  });

  it("a page's sidebar is its own section, the page marked; its size does not grow with the site", () => {
    const page = '/docs/area-1/how-to/p7';
    const small = toPageNavigation(toNavigation(site(3), LABELS), page);
    const large = toPageNavigation(toNavigation(site(30), LABELS), page);
    expect(count(small.sidebar)).toBe(40);
    expect(count(large.sidebar)).toBe(40);
    const howTo = small.sidebar.find((e) => e.type === 'group' && e.label === 'how-to');
    expect(
      howTo?.type === 'group' && howTo.entries.filter((e) => e.type === 'link' && e.isCurrent).map((e) => e.type === 'link' && e.href),
    ).toEqual([page]);
  });

  it('subfolders are collapsed groups, ordered by their lowest page order; an index page names and opens its section', () => {
    const pages = [
      { ...inFolder('/docs/pay'), folders: ['pay'], label: 'Payments' },
      inFolder('/docs/pay/z/a', 1),
      inFolder('/docs/pay/a/b', 5),
    ];
    const [section] = toNavigation(pages, LABELS).sections;
    expect(section!.label).toBe('Payments');
    expect(section!.entries.map((e) => (e.type === 'group' ? `group ${e.label} ${e.collapsed}` : e.href))).toEqual([
      '/docs/pay',
      'group z true',
      'group a true',
    ]);
  });

  it('operation pages sit in a group under their index page, which opens with an Overview link', () => {
    const nav = toNavigation(site(1), LABELS);
    const { sidebar } = toPageNavigation(nav, '/docs/reference/get-health');
    expect(sidebar[0]).toMatchObject({
      type: 'group',
      label: '/docs/reference/endpoints',
      entries: [
        { label: 'Overview', href: '/docs/reference/endpoints' },
        { href: '/docs/reference/get-health', isCurrent: true },
      ],
    });
  });

  it('prev/next follow the reading order across sections; the section list marks the current one', () => {
    const nav = toNavigation(site(1), LABELS);
    expect(toPageNavigation(nav, '/docs/overview')).toMatchObject({ prev: undefined, next: { href: '/docs/quick-start' } });
    expect(toPageNavigation(nav, '/docs/quick-start').next?.href).toBe('/docs/area-0/concepts/p0');
    expect(toPageNavigation(nav, '/docs/errors').next).toBeUndefined();
    expect(toSectionLinks(nav, '/docs/errors').map((s) => s.isCurrent)).toEqual([false, false, true]);
    expect(toPageNavigation(nav, '/404').sidebar).toEqual([]);
  });
});
