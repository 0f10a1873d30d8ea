import { describe, expect, it } from 'vitest';
import { DIST } from '../../helpers/built-site.ts';
import { MCP_PATHS, PATHS } from '../../../facts/paths.ts';
import { createRecordingForward, createTestApp, loadFiles, BASE_URL } from '../../helpers/proxy/test-app.ts';

// A GET of the MCP endpoint by a browser or an agent that is no MCP client gets the endpoint's page; an MCP
// client's GET (Accept: text/event-stream) and every POST keep the Streamable HTTP transport's behaviour.
const { seen, forward } = createRecordingForward();
const app = createTestApp({ files: loadFiles(DIST), forward });

describe.each(MCP_PATHS)('GET %s by a browser or an agent', (path) => {
  it('a browser gets the HTML page: what the address is and how to connect, Vary: Accept, cacheable', async () => {
    const before = seen.length;
    const res = await app.request(path, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(res.headers.get('etag')).toBeTruthy();
    const html = await res.text();
    expect(html).toContain(`claude mcp add --transport http warden ${BASE_URL}/mcp`);
    expect(html).toContain('warden mcp');
    expect(html).toContain(`${BASE_URL}${PATHS.connectMcpDoc}`);
    expect(seen.length).toBe(before);
  });

  it.each(['text/markdown', 'text/markdown, text/html, */*'])('Accept: %s gets the markdown twin', async (accept) => {
    const res = await app.request(path, { headers: { accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const md = await res.text();
    expect(md).toMatch(/^---\ntitle: "Warden MCP endpoint"\n[\s\S]*?\n---\n\n# Warden MCP endpoint/);
    expect(md).toContain(`claude mcp add --transport http warden ${BASE_URL}/mcp`);
  });

  it('curl (no Accept) and HEAD get the page too', async () => {
    expect((await app.request(path)).status).toBe(200);
    const head = await app.request(path, { method: 'HEAD', headers: { accept: 'text/markdown' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it("an MCP client's GET (Accept: text/event-stream) is forwarded as before", async () => {
    const before = seen.length;
    await app.request(path, { headers: { accept: 'text/event-stream' } });
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)!.method).toBe('GET');
  });
});
