import { toTwinParts } from '../../../documents/to-twin-front-matter.ts';
import { describe, expect, it } from 'vitest';
import { DIST } from '../../helpers/built-site.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../../runtime/node/list-files.ts';
import { PATHS, toTwinPath } from '../../../facts/paths.ts';
import { createTestApp, loadFiles, BASE_URL } from '../../helpers/proxy/test-app.ts';

// The edge server over the real build of the real content (.test-dist), through app.request().
const app = createTestApp({ files: loadFiles(DIST) });
const pages = listFiles(DIST)
  .filter((f) => f.endsWith('.html') && f !== '404.html')
  .map(toPagePathOfHtmlFile);

describe('the edge server over the real build', () => {
  it.each([
    [PATHS.openapi, 'application/json'],
    [PATHS.devCatalog, 'application/json'],
    [PATHS.mcpManifest, 'application/json'],
    [PATHS.toolsJson, 'application/json'],
    [PATHS.apiCatalog, 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
    [PATHS.apiCatalogJson, 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
    [PATHS.protectedResource, 'application/json'],
    [PATHS.protectedResourceMcp, 'application/json'],
    [PATHS.protectedResourceWellKnownMcp, 'application/json'],
    [PATHS.llms, 'text/plain; charset=utf-8'],
    [PATHS.llmsFull, 'text/plain; charset=utf-8'],
    [PATHS.install, 'text/x-shellscript; charset=utf-8'],
    [PATHS.installPs1, 'text/plain; charset=utf-8'],
  ])('GET %s → 200 %s (the endpoint table, ENDPOINT-2 to ENDPOINT-13, and the documents beside it)', async (path, type) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
  });

  it('serves the protected-resource metadata with resource = the base URL at the root address', async () => {
    expect((await (await app.request(PATHS.protectedResource)).json()).resource).toBe(BASE_URL);
  });

  it.each(pages)(
    'NEGOTIATE-1, NEGOTIATE-2: %s is HTML by default and markdown with Accept: text/markdown or .md, with Vary: Accept',
    async (page) => {
      const html = await app.request(page);
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      expect(html.headers.get('vary')).toMatch(/Accept/);
      const negotiated = await app.request(page, { headers: { accept: 'text/markdown' } });
      const appended = await app.request(toTwinPath(page));
      for (const md of [negotiated, appended]) {
        expect(md.status).toBe(200);
        expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      }
      expect(negotiated.headers.get('vary')).toMatch(/Accept/);
      expect(await negotiated.text()).toBe(await appended.text());
    },
  );

  it('answers an unknown page with the 404 page, as markdown when asked', async () => {
    const html = await app.request('/docs/nope');
    expect(html.status).toBe(404);
    expect(await html.text()).toMatch(/Page not found/);
    const md = await app.request('/docs/nope', { headers: { accept: 'text/markdown' } });
    expect(md.status).toBe(404);
    expect(toTwinParts(await md.text()).body).toMatch(/^# Page not found/);
  });
});
