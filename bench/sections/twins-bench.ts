import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from '../../runtime/node/list-files.ts';
import { num, ratio, toTable, verdict } from '../lib/report.ts';

/** Roughly 4 characters per token for English prose and markup (the usual BPE rule of thumb; an estimate, not a tokenizer). */
export const approxTokens = (text: string): number => Math.ceil(text.length / 4);

/** Total bytes and approximate tokens of every markdown twin vs its HTML page in a dist folder. */
export function benchTwins(dist: string): string {
  const twins = listFiles(dist).filter((f) => f.endsWith('.md') && existsSync(join(dist, f.replace(/\.md$/, '.html'))));
  let mdBytes = 0,
    htmlBytes = 0,
    mdTokens = 0,
    htmlTokens = 0;
  for (const twin of twins) {
    const md = readFileSync(join(dist, twin), 'utf8');
    const html = readFileSync(join(dist, twin.replace(/\.md$/, '.html')), 'utf8');
    mdBytes += Buffer.byteLength(md);
    htmlBytes += Buffer.byteLength(html);
    mdTokens += approxTokens(md);
    htmlTokens += approxTokens(html);
  }
  return [
    '## Markdown twins vs HTML pages',
    '',
    `${twins.length} twins of the real content build; tokens ≈ characters / 4.`,
    '',
    toTable(
      ['', 'twins', 'HTML pages', 'twins / HTML', 'target', 'verdict'],
      [
        ['bytes', num(mdBytes), num(htmlBytes), ratio(mdBytes, htmlBytes), '≤ 0.30×', verdict(mdBytes / htmlBytes <= 0.3)],
        ['≈ tokens', num(mdTokens), num(htmlTokens), ratio(mdTokens, htmlTokens), '≤ 0.30×', verdict(mdTokens / htmlTokens <= 0.3)],
      ],
    ),
  ].join('\n');
}
