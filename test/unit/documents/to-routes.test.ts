import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { PATHS, toOperationPath, toToolPath } from '../../../facts/paths.ts';
import { toFirstSentence, toGeneratedRoutes, toOperationTitle } from '../../../documents/to-routes.ts';

const content = readContent(getContentDir(), {});

describe('toFirstSentence', () => {
  it('keeps the first sentence, on one line, without code marks', () => {
    expect(toFirstSentence('Returns `status`\n  when   healthy. Never cached.')).toBe('Returns status when healthy.');
  });

  it('does not stop at a dot inside a word or number', () => {
    expect(toFirstSentence('Serves OpenAPI 3.1 at /openapi.json. More.')).toBe('Serves OpenAPI 3.1 at /openapi.json.');
  });

  it('returns the whole text when there is no full stop', () => {
    expect(toFirstSentence('No full stop here')).toBe('No full stop here');
  });
});

describe('toOperationTitle', () => {
  it('names an operation by upper-case method and path', () => {
    expect(toOperationTitle({ method: 'post', path: '/.well-known/mcp' })).toBe('POST /.well-known/mcp');
  });
});

/** A meta description: one line, no markdown code marks, ends a sentence, no doubled full stop. */
const expectCleanDescription = (d: string) => {
  expect(d).not.toMatch(/[`\n]|\.\./);
  expect(d).toMatch(/[.)]$/);
};

const routes = toGeneratedRoutes(content);

describe('toGeneratedRoutes', () => {
  it('lists each page of content/pages.yaml, the operation pages under the endpoint reference and the tool pages under the tool index', () => {
    expect(routes.filter((r) => !r.parent).map((r) => r.path)).toEqual(content.pages.map((p) => p.path));
    const routesAfter = (path: string, n: number) => routes.slice(routes.findIndex((r) => r.path === path) + 1).slice(0, n);
    expect(routesAfter(PATHS.apiReference, content.operations.length).map((r) => r.operation?.operationId)).toEqual(
      content.operations.map((op) => op.operationId),
    );
    expect(routesAfter(PATHS.toolsReference, content.tools.length).map((r) => r.tool?.name)).toEqual(content.tools.map((t) => t.name));
    expect(routes.filter((r) => r.parent).every((r) => r.parent === PATHS.apiReference || r.parent === PATHS.toolsReference)).toBe(true);
  });

  it('labels an operation by its path with its method, a tool by its name, in the section of its parent', () => {
    const mcp = routes.find((r) => r.path === toOperationPath('postMcp'))!;
    expect(mcp).toMatchObject({ label: '/mcp', method: 'post', section: 'Endpoint reference' });
    expect(routes.find((r) => r.path === toToolPath('get_run'))).toMatchObject({ label: 'get_run', section: 'MCP tools' });
  });
});

describe('operation routes', () => {
  const pages = routes.filter((r) => r.operation);

  it('gives one page per operation, at its path, titled by method and path', () => {
    expect(pages.map((p) => p.path)).toEqual(content.operations.map((op) => toOperationPath(op.operationId)));
    expect(pages.find((p) => p.path === toOperationPath('postMcp'))?.title).toBe('POST /mcp');
  });

  it('describes each page by its summary and the first sentence of its description only', () => {
    const health = pages.find((p) => p.path === toOperationPath('getHealth'))!;
    expect(health.description).toBe('Health. Returns the health document.');
    for (const [i, page] of pages.entries()) {
      expect(page.description.startsWith(`${content.operations[i]!.summary}. `)).toBe(true);
      expectCleanDescription(page.description);
    }
  });
});

describe('tool routes', () => {
  const pages = routes.filter((r) => r.tool);

  it('titles each tool page by the tool name and describes it by title and first sentence', () => {
    expect(pages).toHaveLength(content.tools.length);
    for (const [i, page] of pages.entries()) {
      const tool = content.tools[i]!;
      expect(page).toMatchObject({ path: toToolPath(tool.name), title: tool.name });
      expect(page.description.startsWith(`${tool.title}. `)).toBe(true);
      expect(page.description.length).toBeLessThanOrEqual(tool.title.length + 2 + tool.description.length);
      expectCleanDescription(page.description);
    }
  });
});
