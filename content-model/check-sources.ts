import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listFiles } from '../runtime/node/list-files.ts';
import { PLACEHOLDER, type Placeholders } from './fill-placeholders.ts';
import { findServiceAddresses } from './find-service-addresses.ts';
import { ContentError } from './content-error.ts';

/** The file that defines the addresses (the one place they are written out). */
const ADDRESS_SOURCE = 'site.yaml';
const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---(?:\r?\n|$)/;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Problems with the placeholders of one page: unknown names (in `.md`), and any in front matter, which is not filled. */
function toPlaceholderProblems(file: string, text: string, values: Placeholders): string[] {
  const problems: string[] = [];
  const frontMatter = FRONT_MATTER.exec(text)?.[0] ?? '';
  for (const match of text.matchAll(PLACEHOLDER)) {
    const [written, name = ''] = match;
    const where = `line ${lineOf(text, match.index)}`;
    if (match.index < frontMatter.length) {
      if (name in values) problems.push(`${where}: ${written} in front matter is not filled; write it in the page body`);
    } else if (!(name in values) && !file.endsWith('.mdx')) {
      // In MDX, `{name}` is also a JavaScript expression; an unknown one is left to MDX.
      problems.push(
        `${where}: unknown placeholder ${written} (known: ${Object.keys(values)
          .map((k) => `{${k}}`)
          .join(', ')})`,
      );
    }
  }
  return problems;
}

/**
 * Checks every page source (`.md`, `.mdx`) and data file of the content folder: no service address written out
 * (a page must say `{base_url}`, `{app_url}`, … so each build names its own addresses), and only known
 * placeholders, in the page body. Throws a ContentError naming the file and line.
 */
export function checkContentSources(dir: string, values: Placeholders, addresses: RegExp): void {
  for (const file of listFiles(dir)) {
    const page = /\.mdx?$/.test(file) && !file.split('/').some((part) => part.startsWith('_'));
    if (!page && !(file.endsWith('.yaml') && file !== ADDRESS_SOURCE)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    const problems = findServiceAddresses(text, addresses).map(
      (f) =>
        `line ${f.line}: "${f.address}" is a service address written out; write a placeholder such as {base_url}, {app_url} or {local_base_url} (every build fills in its own)`,
    );
    if (page) problems.push(...toPlaceholderProblems(file, text, values));
    if (problems.length) throw new ContentError(relative(process.cwd(), join(dir, file)) || file, problems);
  }
}
