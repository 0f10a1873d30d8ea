import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRoute } from 'astro';
import { getContent } from '../../content-model/content.ts';
import { toInstaller } from '../../installers/to-installer.ts';

/** `/install` (contract ENDPOINT-13): the CLI installer script, its site facts filled in from content. */
export const GET: APIRoute = () => {
  // The build runs from the project root; Astro bundles this file, so import.meta.url would not point at src/.
  const template = readFileSync(resolve('installers/install.sh'), 'utf8');
  // The build's release (RELEASE_DIR), if any, is pinned: the installer then needs no signature tool to install it.
  const { site, release } = getContent();
  return new Response(toInstaller(site, template, release), {
    headers: { 'Content-Type': 'text/x-shellscript; charset=utf-8' },
  });
};
