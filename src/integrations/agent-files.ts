import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Content } from '../../content-model/read-content.ts';
import { listFiles, toPagePathOfHtmlFile } from '../../runtime/node/list-files.ts';
import { PATHS, toTwinPath } from '../../facts/paths.ts';
import { toHeadersFile, toRedirectsFile } from '../../documents/to-cdn-rules.ts';
import { SEARCH_CORE_PATH } from '../../runtime/search/search-index-format.ts';
import { convertTwins } from './convert-twins.ts';
import { toLlmsFull } from '../../documents/to-llms-full.ts';
import { toPreambleLine } from '../../documents/to-markdown-twin.ts';
import { fillPlaceholders, toPlaceholders } from '../../content-model/fill-placeholders.ts';
import { toAgentIndex } from '../../documents/to-agent-index.ts';
import { LLMS_TXT_MAX_CHARS } from '../../documents/to-llms-txt.ts';
import type { LlmsPage } from '../../documents/to-llms-sections.ts';
import { toBuildFacts } from '../../documents/to-build-facts.ts';
import { toSourceHash } from '../../runtime/node/source-hash.ts';
import { getContentDir } from '../../content-model/read-content.ts';
import { toTwinParts } from '../../documents/to-twin-front-matter.ts';
import { toSitemapMd, toSitemapXml, type SitemapPage } from '../../documents/to-sitemaps.ts';

/** Writes a file under the output folder, creating its folder. */
function writeOut(out: string, path: string, text: string): void {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  writeFileSync(join(out, path), text);
}

/**
 * After the build: writes the markdown twin of every HTML page, then the llms.txt and llms-full.txt files (one pair,
 * or, on a large site, one per folder and numbered parts of a large folder: toAgentIndex), `_redirects` and
 * `_headers` (CDN rules) and `_build.json` (what the build was made for, and the facts the servers need). Any
 * conversion error fails the build (no silently missing twins); the size or shape of the docs tree never does.
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
        const preamble = fillPlaceholders(
          site.agent_guidance.twin_preamble,
          toPlaceholders(site),
          'content/site.yaml agent_guidance.twin_preamble',
        );
        const started = performance.now();
        await convertTwins({ out, files: htmlFiles, baseUrl: site.base_url, pagePaths: [...pagePaths], preamble });
        // The page list the routes computed from the collections, with titles and descriptions as they wrote them.
        const listFile = join(out, PATHS.pageList);
        const pages = JSON.parse(readFileSync(listFile, 'utf8')) as LlmsPage[];
        rmSync(listFile);
        const twins = new Map(pages.map((p) => [p.path, readFileSync(join(out, toTwinPath(p.path)), 'utf8')]));
        const index = toAgentIndex(content, pages, (path) => twins.get(path)!.length);
        for (const file of index.llms.filter((f) => f.text.length > LLMS_TXT_MAX_CHARS))
          logger.warn(
            `${file.path} is ${file.text.length} characters, over the ${LLMS_TXT_MAX_CHARS} an agent reads whole: more pages than two levels of llms.txt files can list within it`,
          );
        for (const file of index.llms) writeOut(out, file.path, file.text);
        for (const file of index.full)
          writeOut(
            out,
            file.path,
            toLlmsFull(
              file.heading,
              file.pages.map((p) => twins.get(p)!),
              toPreambleLine(preamble),
              file.note,
            ),
          );
        // The sitemaps, with each page's date as its twin's front matter gives it (from the page's own JSON-LD).
        const mapped = pages.map((p): SitemapPage => {
          const updated = toTwinParts(twins.get(p.path)!).fields.last_updated;
          if (!updated)
            throw new Error(`${toTwinPath(p.path)}: no last_updated in its front matter (the page's JSON-LD has no dateModified)`);
          return { path: p.path, title: p.title, section: p.section, updated };
        });
        writeOut(out, PATHS.sitemap, toSitemapXml(site.base_url, mapped));
        writeOut(out, PATHS.sitemapMd, toSitemapMd(site, mapped));
        writeFileSync(join(out, PATHS.cdnRedirects), toRedirectsFile());
        writeFileSync(
          join(out, PATHS.cdnHeaders),
          // The search index is written after this (search-index.ts, from the twins), all of it JSON under one prefix:
          // its core file's path stands for its files.
          toHeadersFile(site.base_url, [...listFiles(out).map((file) => `/${file}`), SEARCH_CORE_PATH]),
        );
        // Workers Static Assets uploads every file of dist but these; the servers' facts are not public.
        writeFileSync(join(out, PATHS.assetsIgnore), `${PATHS.buildInfo.slice(1)}\n`);
        const facts = toBuildFacts(content, toSourceHash(process.cwd(), getContentDir()));
        writeFileSync(join(out, PATHS.buildInfo), `${JSON.stringify(facts, null, 2)}\n`);
        const ms = Math.round(performance.now() - started);
        const split = index.llms.length > 1 ? `, split into ${index.llms.length} llms.txt files` : '';
        logger.info(`${htmlFiles.length} markdown twins, llms.txt and llms-full.txt for ${pages.length} pages${split} (${ms} ms)`);
      },
    },
  };
}
