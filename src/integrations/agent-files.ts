import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Content } from '../content/read-content.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { PATHS, toUrl } from '../lib/paths.ts';
import { toHeadersFile, toRedirectsFile } from '../lib/to-cdn-rules.ts';
import { convertTwins } from './convert-twins.ts';
import { toLinkedTwinPaths, toLlmsFull } from '../lib/to-llms-full.ts';

/**
 * After the build: writes the markdown twin of every HTML page, /llms-full.txt from the twins llms.txt links,
 * `_redirects` and `_headers` (CDN rules) and `_build.json` (what the build was made for).
 * Any conversion error fails the build (no silently missing twins).
 */
export function agentFiles(site: Content['site']): AstroIntegration {
  return {
    name: 'warden:agent-files',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const htmlFiles = listFiles(out).filter((f) => f.endsWith('.html'));
        const pagePaths = new Set(htmlFiles.map(toPagePathOfHtmlFile));
        const llmsUrl = toUrl(site.base_url, PATHS.llms);
        const started = performance.now();
        await convertTwins({ out, files: htmlFiles, baseUrl: site.base_url, pagePaths: [...pagePaths], llmsUrl });
        const llms = readFileSync(join(out, PATHS.llms), 'utf8');
        const twins = toLinkedTwinPaths(llms, site.base_url).map((p) => readFileSync(join(out, p), 'utf8'));
        writeFileSync(join(out, PATHS.llmsFull), toLlmsFull(site.product.name, twins));
        writeFileSync(join(out, PATHS.cdnRedirects), toRedirectsFile());
        writeFileSync(join(out, PATHS.cdnHeaders), toHeadersFile());
        const build = { base_url: site.base_url, app_url: site.app_url, auth_issuer: site.auth_issuer, release_archive: site.cli.release_archive };
        writeFileSync(join(out, PATHS.buildInfo), `${JSON.stringify(build, null, 2)}\n`);
        const ms = Math.round(performance.now() - started);
        logger.info(`${htmlFiles.length} markdown twins, llms-full.txt with ${twins.length} pages (${ms} ms)`);
      },
    },
  };
}
