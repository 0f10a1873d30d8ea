import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The files of a small dist folder, shaped like the real build (build.format 'file', twins, extension-less documents). */
export const FIXTURE_FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title>',
  'index.md': '# Home\n',
  'docs/overview.html': '<!doctype html><title>Overview</title>',
  'docs/overview.md': '# Overview\n',
  'docs/no-twin.html': '<!doctype html><title>No twin</title>',
  '404.html': '<!doctype html><title>Not found</title>',
  '404.md': '# Not found\n',
  '_astro/app.Ab12Cd.js': 'console.log(1)',
  install: '#!/bin/sh\necho install\n',
  'api/catalog': '{"linkset":[]}',
  '.well-known/api-catalog': '{"linkset":[]}',
  '.well-known/api-catalog.json': '{"linkset":[]}',
  '.well-known/oauth-protected-resource/index.json': '{"resource":"https://warden.example"}',
  '.well-known/oauth-protected-resource/mcp': '{"resource":"https://warden.example/mcp"}',
  '.well-known/mcp.json': '{"name":"warden"}',
  'mcp/tools.json': '{"tools":[]}',
  'openapi.json': '{"openapi":"3.1.0"}',
  'llms.txt': '# Warden\n',
  'sitemap-index.xml': '<?xml version="1.0"?><sitemapindex/>',
  '_build.json': JSON.stringify({
    base_url: 'https://warden.example',
    app_url: 'https://app.warden.example',
    auth_issuer: 'https://app.warden.example',
    source_hash: 'fixture',
  }),
};

/** Writes a fixture dist folder into a temp dir; returns its path and a cleanup. */
export function createFixtureDist(files: Record<string, string> = FIXTURE_FILES): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'warden-dist-'));
  for (const [path, text] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
