import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Pages per generated docs section, and per group inside a section: the shape of a large API company's docs. */
export const SECTION_PAGES = 100;
export const GROUP_PAGES = 20;

const NOUNS =
  'agent jail review sign-off audit budget fleet merge gate workflow run harness lesson policy scope token webhook ledger invoice'.split(
    ' ',
  );
const VERBS = 'configure rotate inspect approve retry limit export replay pause resume'.split(' ');
const AREAS = 'payments identity billing compliance storage messaging analytics deployments networking search'.split(' ');
const GROUPS = ['concepts', 'how-to', 'reference', 'recipes', 'troubleshooting'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const words = (seed: number, count: number) => Array.from({ length: count }, (_, j) => pick(NOUNS, seed * 7 + j * 3 + (j >> 2))).join(' ');

/** One generated page: where its file goes, its ~8-word title and ~25-word description, and its markdown (~450 words). */
export interface GeneratedPage {
  /** File path under content/docs, e.g. `payments-1/how-to/p42.md`. */
  file: string;
  title: string;
  description: string;
  markdown: string;
}

/** The folder of section `s` (0-based): a realistic product area plus its number, so names stay unique at any size. */
export function toSectionFolder(s: number): string {
  return `${pick(AREAS, s)}-${s + 1}`;
}

/** Page `i` (0-based) of a generated site: deterministic, so two builds of the same size are the same site. */
export function toGeneratedPage(i: number): GeneratedPage {
  const section = Math.floor(i / SECTION_PAGES);
  const group = Math.floor((i % SECTION_PAGES) / GROUP_PAGES);
  return toGeneratedPageAt(i, `${toSectionFolder(section)}/${pick(GROUPS, group)}/p${i + 1}.md`);
}

/** Page `i`'s title, description and markdown at any file path: for sites laid out in other shapes. */
export function toGeneratedPageAt(i: number, file: string): GeneratedPage {
  const title = `How to ${pick(VERBS, i)} the ${words(i, 4)} ${i + 1}`;
  const description = `${pick(VERBS, i + 3).replace(/^./, (c) => c.toUpperCase())} ${words(i + 1, 10)} for page ${i + 1}, with the ${words(i + 2, 6)} settings and their limits.`;
  const sentence = (k: number) => `${words(i + k, 12).replace(/^./, (c) => c.toUpperCase())}.`;
  const para = (k: number) => Array.from({ length: 6 }, (_, j) => sentence(k * 6 + j)).join(' ');
  const markdown = [
    '---',
    `title: ${title}`,
    `description: ${description}`,
    `sidebar:`,
    `  order: ${i % GROUP_PAGES}`,
    '---',
    '',
    para(1),
    '',
    `## Before you start`,
    '',
    para(2),
    '',
    '- first point',
    '- second point',
    '- third point',
    '',
    '| field | meaning |',
    '| --- | --- |',
    `| run_${i} | ${sentence(3)} |`,
    `| gate_${i} | ${sentence(4)} |`,
    '',
    '```sh',
    `curl -s {base_url}/api/health # page ${i + 1}`,
    '```',
    '',
    `## What happens next`,
    '',
    para(3),
    '',
    para(4),
    '',
  ].join('\n');
  return { file, title, description, markdown };
}

/** Writes `count` generated pages under `docsDir` (a docs collection folder), in sections of SECTION_PAGES pages. */
export function writeGeneratedPages(docsDir: string, count: number): void {
  writeGeneratedFiles(
    docsDir,
    Array.from({ length: count }, (_, i) => toGeneratedPage(i)),
  );
}

/** Writes generated pages, each at its file path under `dir`. */
export function writeGeneratedFiles(dir: string, pages: readonly GeneratedPage[]): void {
  for (const page of pages) {
    const file = join(dir, page.file);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, page.markdown);
  }
}
