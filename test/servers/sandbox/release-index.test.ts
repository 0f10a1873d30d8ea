import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASES_PATH } from '../../../facts/paths.ts';
import { serveReleaseFile } from '../../../sandbox/http/release-files.ts';
import { toIndexFormat } from '../../../sandbox/http/release-index.ts';
import { LATEST_PATH, MANIFEST_FILE, SUMS_FILE, SUMS_SIGNATURE_FILE, toVersionPath } from '../../../runtime/release/release-layout.ts';

// The release archive's address (llms.txt, the docs) and its folders answer an index of what they hold.
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'release-index-'));
  for (const folder of [LATEST_PATH, toVersionPath('1.2.3')]) {
    mkdirSync(join(dir, folder), { recursive: true });
    for (const name of ['warden-linux-x64.tar.gz', 'warden-windows-x64.zip', SUMS_FILE, SUMS_SIGNATURE_FILE])
      writeFileSync(join(dir, folder, name), name);
  }
  writeFileSync(join(dir, MANIFEST_FILE), '{}');
  server = createServer((req, res) => serveReleaseFile(req, res, dir, new URL(req.url!, 'http://x').pathname, 'Warden CLI release'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the release folder index', () => {
  it.each([
    ['text/html,*/*;q=0.8', 'html'],
    [null, 'html'],
    ['*/*', 'html'],
    ['text/markdown', 'markdown'],
    ['text/markdown, text/html, */*', 'markdown'],
    ['text/plain', 'markdown'],
  ])('Accept %s → %s', (accept, format) => expect(toIndexFormat(accept)).toBe(format));

  it.each([RELEASES_PATH, `${RELEASES_PATH}/`])('GET %s lists the folders, as HTML for a browser', async (path) => {
    const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept');
    const html = await res.text();
    expect(html).toContain(`href="${RELEASES_PATH}/latest/"`);
    expect(html).toContain(`href="${RELEASES_PATH}/download/"`);
    expect(html).not.toContain('release.json');
  });

  it.each(['latest/download/', 'download/v1.2.3/', 'latest/download'])(
    'GET %s lists the archives, SHA256SUMS and its signature with links, as markdown for an agent',
    async (folder) => {
      const res = await fetch(`${base}${RELEASES_PATH}/${folder}`, { headers: { accept: 'text/markdown' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const md = await res.text();
      const at = `${RELEASES_PATH}/${folder.replace(/\/?$/, '/')}`;
      for (const name of ['warden-linux-x64.tar.gz', 'warden-windows-x64.zip', 'SHA256SUMS', 'SHA256SUMS.sig'])
        expect(md).toContain(`](${at}${name})`);
      // Every link it gives answers.
      for (const [, href] of md.matchAll(/\]\(([^)]+)\)/g)) expect((await fetch(`${base}${href}`)).status, href).toBe(200);
    },
  );

  it('files keep their types; a missing path is 404; the folder refuses POST', async () => {
    expect((await fetch(`${base}${RELEASES_PATH}/latest/download/warden-windows-x64.zip`)).headers.get('content-type')).toBe(
      'application/zip',
    );
    expect((await fetch(`${base}${RELEASES_PATH}/latest/download/warden-linux-x64.tar.gz`)).headers.get('content-type')).toBe(
      'application/gzip',
    );
    expect((await fetch(`${base}${RELEASES_PATH}/nothing/`)).status).toBe(404);
    expect((await fetch(`${base}${RELEASES_PATH}/..%2Fetc/`)).status).toBe(404);
    expect((await fetch(`${base}${RELEASES_PATH}/latest/`, { method: 'POST' })).status).toBe(405);
  });
});
