import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { PATHS, toOperationPath, toOperationSlug, toToolPath } from '../../../facts/paths.ts';

const GENERATED_INDEXES: string[] = [PATHS.apiReference, PATHS.toolsReference, PATHS.demo];

const content = readContent(getContentDir(), {});
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The inverse the slug must allow: `get-health-v1` → `getHealthV1`. */
const toCamel = (slug: string) => slug.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

describe('toOperationSlug / toOperationPath', () => {
  it('turns camelCase operationIds into kebab-case, digits included', () => {
    expect(toOperationSlug('getHealthV1')).toBe('get-health-v1');
    expect(toOperationPath('postWellKnownMcp')).toBe('/docs/reference/post-well-known-mcp');
  });

  it('gives every operation a unique kebab-case page that round-trips to its operationId', () => {
    const slugs = content.operations.map((op) => toOperationSlug(op.operationId));
    for (const [i, slug] of slugs.entries()) {
      expect(slug).toMatch(kebab);
      expect(toCamel(slug)).toBe(content.operations[i]!.operationId);
    }
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('keeps ids that differ only by case on different pages', () => {
    expect(toOperationSlug('getMCPManifest')).not.toBe(toOperationSlug('getMcpManifest'));
    expect(toCamel(toOperationSlug('getMCPManifest'))).toBe('getMCPManifest');
  });
});

describe('toToolPath', () => {
  it('puts each tool under the tools page, at the exact name clients call', () => {
    for (const tool of content.tools) {
      const path = toToolPath(tool.name);
      expect(path.startsWith(`${PATHS.toolsReference}/`)).toBe(true);
      expect(path.slice(path.lastIndexOf('/') + 1)).toBe(tool.name);
    }
  });
});

describe('reference pages as a whole', () => {
  it('collide with no other page: index pages, docs pages, each other', () => {
    const docs = readdirSync(join(getContentDir(), 'docs')).map((f) => `/docs/${f.replace(/\.mdx?$/, '')}`);
    const all = [
      ...GENERATED_INDEXES,
      ...content.pages.map((p) => p.path).filter((p) => !GENERATED_INDEXES.includes(p)),
      ...docs,
      ...content.operations.map((op) => toOperationPath(op.operationId)),
      ...content.tools.map((t) => toToolPath(t.name)),
    ];
    expect(all.length).toBeGreaterThan(content.operations.length + content.tools.length);
    expect(new Set(all).size).toBe(all.length);
  });
});
