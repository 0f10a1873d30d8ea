import { describe, expect, it } from 'vitest';
import { BASE_URL, DIST } from '../helpers/built-site.ts';
import { readBuilt } from '../helpers/dist-files.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { toTwinPath } from '../../src/lib/paths.ts';

const llms = readBuilt('/llms.txt');

// The llms.txt reference parser (llmstxt.org, AnswerDotAI/llms-txt miniparse.py), in JavaScript.
const HEAD = /^#\s*(?<title>.+?)$\n+(?:^>\s*(?<summary>.+?)$)?\n+(?<info>[\s\S]*)/m;
const LINK = /^-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<desc>.*))?$/;

function parseLlms(text: string) {
  const [head = '', ...rest] = text.split(/^##\s*(.*?)$/m);
  const sections: Record<string, string[]> = {};
  for (let i = 0; i < rest.length; i += 2) sections[rest[i]!] = rest[i + 1]!.split('\n').filter((l) => l.trim());
  return { head: HEAD.exec(head)?.groups, sections };
}

describe('/llms.txt (llmstxt.org)', () => {
  const { head, sections } = parseLlms(llms);

  it('opens with the H1 and a one-line blockquote', () => {
    expect(llms.startsWith('# Warden\n\n> ')).toBe(true);
    expect(head?.title).toBe('Warden');
    expect(head?.summary).toMatch(/jail/);
  });

  it('says when to use the service and gives developer resources and machine-readable addresses before the H2s', () => {
    expect(head?.info).toMatch(/Use it when:/);
    expect(head?.info).toMatch(/Developer resources:/);
    expect(head?.info).toMatch(/Machine-readable addresses:/);
    for (const path of ['/openapi.json', '/.well-known/api-catalog', '/.well-known/oauth-protected-resource', '/mcp/tools.json', '/api/health']) {
      expect(head?.info).toContain(`${BASE_URL}${path}`);
    }
    expect(head?.info).not.toMatch(/^#{1,6}\s/m);
  });

  it('has only link items under its H2 sections, each with a note', () => {
    expect(Object.keys(sections).length).toBeGreaterThanOrEqual(2);
    for (const [name, lines] of Object.entries(sections)) {
      for (const line of lines) expect(LINK.exec(line)?.groups?.desc, `${name}: ${line}`).toBeTruthy();
    }
  });

  it("links every page's markdown twin", () => {
    const linked = new Set(Object.values(sections).flat().map((l) => LINK.exec(l)?.groups?.url));
    const pages = listFiles(DIST).filter((f) => f.endsWith('.html') && f !== '404.html').map(toPagePathOfHtmlFile);
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) expect(linked, page).toContain(`${BASE_URL}${toTwinPath(page)}`);
  });

  it('stays under 50,000 characters', () => expect(llms.length).toBeLessThan(50_000));
});

describe('/llms-full.txt', () => {
  it('holds every twin that llms.txt links, in order', () => {
    const full = readBuilt('/llms-full.txt');
    let at = 0;
    for (const [, url] of llms.matchAll(/\]\((https:[^)]+\.md)\)/g)) {
      const twin = readBuilt(url!.slice(BASE_URL.length));
      const title = twin.split('\n')[0]!;
      const found = full.indexOf(title, at);
      expect(found, url).toBeGreaterThanOrEqual(at);
      at = found;
    }
  });
});
