import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAstroBuild } from '../../harness/build-dist.ts';
import { copyProject, removeProjectCopy } from '../../harness/project-copy.ts';
import { writeGeneratedFiles } from '../../harness/generated-pages.ts';
import { toBuiltTree, toLlmsPageOf } from '../helpers/llms-tree-shapes.ts';
import { readLlmsFileSet, toFullPages, toListedPages, toLlmsProblems, toTwoHops } from '../helpers/llms-index-rules.ts';
import { APP_URL, PRODUCTION, PUBLIC_BASE_URL } from '../helpers/test-build.ts';

// One astro build of the real content plus every shape of docs tree side by side, in subtrees of their own, checked
// through the built files: the llms files written whatever the shape, each within its budget, every twin two links
// from /llms.txt. One build for all shapes, since a build of this size takes a minute or more on two cores;
// test/documents/to-agent-index-shapes.test.ts checks each shape alone, at full size, without Astro.
const WHERE: Record<string, (llms: string[]) => void> = {
  'one folder of 600 pages': (llms) => {
    expect(llms).toContain('/docs/ledger/llms.txt');
    expect(llms.filter((p) => /^\/docs\/ledger\/llms-\d+\.txt$/.test(p)).length).toBeGreaterThanOrEqual(4);
  },
  '40 sections of 25': (llms) => {
    for (let s = 1; s <= 40; s++) expect(llms).toContain(`/docs/catalog-${s}/llms.txt`);
  },
  'ten levels deep': (llms) => expect(llms.filter((p) => p.startsWith('/docs/deep/level-1/')).length).toBeGreaterThan(2),
  'a root with 300 pages': (llms) => expect(llms).toContain('/llms-2.txt'),
  'fifteen product sections, five with a hundred pages directly in the folder': (llms) => {
    for (const area of ['invoices', 'payouts', 'refunds', 'checkout']) expect(llms).toContain(`/docs/${area}/llms.txt`);
  },
};

const dist = mkdtempSync(join(tmpdir(), 'warden-llms-shapes-'));
const tree = toBuiltTree();
let set: ReturnType<typeof readLlmsFileSet>;

beforeAll(async () => {
  const project = copyProject('llms-shapes-');
  try {
    for (const pages of tree.values()) writeGeneratedFiles(join(project, 'content'), pages);
    await runAstroBuild(project, { ...PRODUCTION, WARDEN_OUT_DIR: dist, BASE_URL: PUBLIC_BASE_URL, APP_URL });
    set = readLlmsFileSet(dist, PUBLIC_BASE_URL);
  } finally {
    removeProjectCopy(project);
  }
}, 900_000);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('astro build of docs trees of every shape, together', () => {
  it('builds, and every llms file is within its budget, every twin at most two links from /llms.txt', () => {
    const { pages } = set;
    expect(pages.length).toBeGreaterThan([...tree.values()].flat().length);
    expect(toLlmsProblems(set, pages)).toEqual([]);
  });

  it.each([...tree.keys()])('%s: listed where its shape puts it', (name) => {
    const { llms, baseUrl } = set;
    WHERE[name]!([...llms.keys()]);
    const { twins } = toTwoHops(set);
    for (const page of tree.get(name)!) expect(twins).toContain(`${baseUrl}${toLlmsPageOf(page).path}.md`);
  });

  it('holds every page in exactly one llms-full.txt, the one beside the file that lists it', () => {
    const { full, llms, pages, baseUrl } = set;
    expect([...full.values()].flatMap(toFullPages).sort()).toEqual(pages.map((p) => `${baseUrl}${p}`).sort());
    for (const [path, text] of llms) {
      const listed = toListedPages(text, baseUrl);
      if (listed.length === 0) continue;
      const beside = path.replace(/llms(-\d+)?\.txt$/, (_, n = '') => `llms-full${n}.txt`);
      expect(toFullPages(full.get(beside) ?? ''), path).toEqual(listed);
    }
  });
});
