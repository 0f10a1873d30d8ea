import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { BASE_URL, readOtherOrigins } from '../helpers/built-site.ts';
import { DYNAMIC_PATHS, readBuilt, readBuiltJson, toDistFile } from '../helpers/dist-files.ts';

const toolsList = readBuiltJson<{ tools: Array<{ name: string; title: string; description: string }> }>('/mcp/tools.json');

function addressesIn(): Array<[string, string]> {
  const fromLlms = [...readBuilt('/llms.txt').matchAll(/\]\((https?:[^)]+)\)/g)].map((m) => m[1]!);
  const catalog = readBuiltJson<{ linkset: Array<Record<string, unknown>> }>('/.well-known/api-catalog');
  const fromLinkset = catalog.linkset.flatMap((ctx) =>
    Object.entries(ctx).flatMap(([key, v]) => (key === 'anchor' ? [v as string] : (v as Array<{ href: string }>).map((t) => t.href))),
  );
  const fromDevCatalog = readBuiltJson<{ links: Array<{ href: string }> }>('/api/catalog').links.map((l) => l.href);
  return [
    ...fromLlms.map((u) => ['llms.txt', u] as [string, string]),
    ...fromLinkset.map((u) => ['api-catalog', u] as [string, string]),
    ...fromDevCatalog.map((u) => ['/api/catalog', u] as [string, string]),
  ];
}

describe('cross-document consistency', () => {
  it('tools.json ≡ the mcp.json listing ≡ the tool docs', () => {
    const manifest = readBuiltJson<{ tools: unknown[] }>('/.well-known/mcp.json');
    expect(manifest.tools).toEqual(toolsList.tools);
    // The tools index links one page per tool, in the same order, and each page documents its tool.
    const index = parse(readBuilt('/docs/tools'));
    const linked = index.querySelectorAll('.sl-markdown-content #tools + table a').map((a) => a.getAttribute('href'));
    expect(linked).toEqual(toolsList.tools.map((t) => `/docs/tools/${t.name}`));
    for (const tool of toolsList.tools) {
      expect(
        parse(readBuilt(`/docs/tools/${tool.name}`))
          .querySelector('h1')
          ?.text.trim(),
      ).toBe(tool.name);
      const twin = readBuilt(`/docs/tools/${tool.name}.md`).replace(/\\_/g, '_');
      expect(twin).toContain(tool.description.replace(/\s+/g, ' ').trim().slice(0, 60));
    }
  });

  it('every OpenAPI operation has a reference page, titled by method and path and linked from the endpoint reference', () => {
    const openapi = readBuiltJson<{ paths: Record<string, Record<string, { operationId: string }>> }>('/openapi.json');
    const overview = readBuilt('/docs/reference/endpoints');
    for (const [path, item] of Object.entries(openapi.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const page = `/docs/reference/${op.operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
        expect(parse(readBuilt(page)).querySelector('h1')?.text.trim(), page).toBe(`${method.toUpperCase()} ${path}`);
        expect(overview).toContain(`href="${page}"`);
      }
    }
  });

  it.each(addressesIn())('%s names %s, which resolves on this host or is an external or dynamic address', async (_doc, url) => {
    if (!url.startsWith(BASE_URL)) {
      expect(await readOtherOrigins(), url).toContain(new URL(url).origin);
      return;
    }
    const path = url.slice(BASE_URL.length) || '/';
    // A dynamic address may carry its query (the API catalog's search asks one).
    if (DYNAMIC_PATHS.has(path.split('?')[0]!)) return;
    expect(toDistFile(path), path).toBeDefined();
  });
});
