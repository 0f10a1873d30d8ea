import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { PATHS, toProblemTypeUrl } from '../../../facts/paths.ts';
import { getGeneratedPage, toJsonRpcAnchor } from '../../../documents/to-page-meta.ts';

const content = readContent(getContentDir(), {});

describe('getGeneratedPage', () => {
  it('finds the pages.yaml entry of every generated page', () => {
    for (const path of [PATHS.apiReference, PATHS.toolsReference, PATHS.demo, PATHS.errorsDoc]) {
      const page = getGeneratedPage(content, path);
      expect(page.path).toBe(path);
      expect(page.title.length).toBeGreaterThan(0);
    }
  });

  it('fails the build naming pages.yaml and the path when an entry is missing', () => {
    expect(() => getGeneratedPage(content, '/docs/nowhere')).toThrow('content/pages.yaml: no entry for /docs/nowhere');
  });
});

describe('toJsonRpcAnchor', () => {
  it('anchors a JSON-RPC code as jsonrpc<code>', () => {
    expect(toJsonRpcAnchor(-32700)).toBe('jsonrpc-32700');
  });

  it('gives every error on the errors page its own valid anchor, distinct from the problem anchors', () => {
    const problems = content.errors.problems.map((p) => new URL(toProblemTypeUrl(content.site.base_url, p.code)).hash.slice(1));
    const jsonrpc = content.errors.jsonrpc.map((e) => toJsonRpcAnchor(e.code));
    const all = [...problems, ...jsonrpc];
    for (const id of all) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(new Set(all).size).toBe(all.length);
  });
});
