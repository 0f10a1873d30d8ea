import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { PATHS } from '../../../facts/paths.ts';
import { toDiscoveryLinks } from '../../../documents/to-discovery-links.ts';

const content = readContent(getContentDir(), {});
const links = toDiscoveryLinks(content);
const byRel = (rel: string, list = links) => list.find((l) => l.rel === rel)!;

describe('toDiscoveryLinks', () => {
  it('names each address once, with a unique rel, an absolute https URL and every field filled', () => {
    expect(new Set(links.map((l) => l.rel)).size).toBe(links.length);
    expect(new Set(links.map((l) => l.href)).size).toBe(links.length);
    for (const l of links) {
      expect(new URL(l.href).protocol).toBe('https:');
      expect([l.title, l.type, l.note].every((s) => s.length > 0)).toBe(true);
      expect(['resource', 'machine']).toContain(l.kind);
    }
  });

  it('points the machine documents at their public paths on the base URL', () => {
    const base = content.site.base_url;
    expect(byRel('openapi').href).toBe(`${base}${PATHS.openapi}`);
    expect(byRel('api-catalog').href).toBe(`${base}${PATHS.apiCatalog}`);
    expect(byRel('health').href).toBe(`${base}${PATHS.health}`);
    expect(byRel('mcp-same-host').href).toBe(`${base}${PATHS.mcp}`);
    expect(byRel('mcp-same-host').note).toContain(`${base}${PATHS.mcpWellKnown}`);
    expect(byRel('oauth-protected-resource').note).toContain(content.site.access_scope);
  });

  it('puts the hosted tool endpoint on the app URL, the installer one-liner on the base URL', () => {
    expect(byRel('mcp').href).toBe(`${content.site.app_url}${PATHS.mcp}`);
    expect(byRel('cli-installer').note).toBe(`curl -fsSL ${byRel('cli-installer').href} | sh`);
  });

  it('writes every same-host address in content/discovery.yaml as a public path the interface defines (PATHS)', () => {
    const known = new Set<string>(Object.values(PATHS));
    for (const link of content.discovery) {
      const path = /^\{(base_url|app_url)\}(\/\S*)$/.exec(link.href)?.[2];
      if (path !== undefined) expect(known, `${link.rel}: ${link.href}`).toContain(path);
    }
  });

  it('follows BASE_URL and APP_URL from the environment', () => {
    const moved = toDiscoveryLinks(readContent(getContentDir(), { BASE_URL: 'https://docs.test', APP_URL: 'https://app.test' }));
    expect(byRel('mcp', moved).href).toBe('https://app.test/mcp');
    for (const l of moved.filter((x) => !['mcp', 'cli-releases'].includes(x.rel)))
      expect(l.href.startsWith('https://docs.test/')).toBe(true);
    expect(JSON.stringify(moved)).not.toContain(content.site.base_url);
  });
});
