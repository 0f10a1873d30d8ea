import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Content } from '../content/read-content.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { PATHS, toUrl } from '../lib/paths.ts';
import { toHeadersFile, toRedirectsFile } from '../lib/to-cdn-rules.ts';
import { convertTwins } from './convert-twins.ts';
import { toLlmsFull } from '../lib/to-llms-full.ts';
import { toBuildFacts } from '../lib/to-build-facts.ts';
import { toSourceHash } from '../../runtime/node/source-hash.ts';
import { getContentDir } from '../content/read-content.ts';

/**
 * After the build: writes the markdown twin of every HTML page, /llms-full.txt from the twins of the pages llms.txt lists,
 * `_redirects` and `_headers` (CDN rules) and `_build.json` (what the build was made for, and the facts the servers need).
 * Any conversion error fails the build (no silently missing twins).
 */
export function agentFiles(content: Content): AstroIntegration {
  const { site } = content;
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
        // The page list llms.txt was made from, not a parse of llms.txt: a title may hold any character.
        const listFile = join(out, PATHS.pageList);
        const twins = (JSON.parse(readFileSync(listFile, 'utf8')) as string[]).map((p) => readFileSync(join(out, p), 'utf8'));
        rmSync(listFile);
        writeFileSync(join(out, PATHS.llmsFull), toLlmsFull(site.product.name, twins));
        writeFileSync(join(out, PATHS.cdnRedirects), toRedirectsFile());
        writeFileSync(join(out, PATHS.cdnHeaders), toHeadersFile());
        const facts = toBuildFacts(content, toSourceHash(process.cwd(), getContentDir()));
        writeFileSync(join(out, PATHS.buildInfo), `${JSON.stringify(facts, null, 2)}\n`);
        const ms = Math.round(performance.now() - started);
        logger.info(`${htmlFiles.length} markdown twins, llms-full.txt with ${twins.length} pages (${ms} ms)`);
      },
    },
  };
}
