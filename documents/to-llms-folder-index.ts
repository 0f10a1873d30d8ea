import type { Content } from '../content-model/read-content.ts';
import { PATHS } from '../facts/paths.ts';
import type { LlmsFile } from './to-llms-sections.ts';
import type { LlmsFileNames } from './to-llms-file-names.ts';
import { LLMS_TXT_MAX_CHARS, toOneLine, toRootPointer, toSectionItem, type SectionLink } from './to-llms-txt.ts';

/**
 * The llms.txt of a folder whose pages take several files (`F/llms.txt` beside `F/llms-1.txt`, `F/llms-2.txt`, …): what
 * the folder holds, then each part with its range, page count and size (each part links its own llms-full.txt). It
 * lists no page itself; /llms.txt links every part directly, so a page stays two links from the root, and this file
 * is where an agent that follows llms.txt path scoping to the folder finds them.
 */
export function toFolderIndexLlmsTxt(
  content: Content,
  index: { title: string; summary: string; listed: string; parts: SectionLink[] },
): string {
  const text = [
    `# ${content.site.product.name}: ${index.title}`,
    `> ${toOneLine(index.summary)}`,
    `${index.listed} ${toRootPointer(content.site)}`,
    ['## Parts', '', ...index.parts.map(toSectionItem)].join('\n'),
  ].join('\n\n');
  return `${text}\n`;
}

/**
 * The llms.txt of every folder whose pages a split index lists in parts (the root's parts are listed by /llms.txt
 * itself), each line with its summary, or without when a folder has too many parts for that.
 */
export function toFolderIndexes(
  content: Content,
  files: LlmsFile[],
  names: LlmsFileNames,
  link: (file: LlmsFile, brief: boolean) => SectionLink,
): Array<{ path: string; text: string }> {
  const inParts = new Map<string, LlmsFile[]>();
  for (const file of files.filter((f) => f.part && f.folder !== '')) inParts.set(file.folder, [...(inParts.get(file.folder) ?? []), file]);
  return [...inParts].map(([folder, parts]) => {
    const group = { folder, scope: parts[0]!.scope, pages: parts.flatMap((p) => p.pages) };
    const index = (brief: boolean) =>
      toFolderIndexLlmsTxt(content, {
        title: names.title(group),
        summary: names.summary(group),
        listed: names.listedInParts(group, parts.length),
        parts: parts.map((p) => link(p, brief)),
      });
    const text = index(false);
    return { path: `${folder}${PATHS.llms}`, text: text.length <= LLMS_TXT_MAX_CHARS ? text : index(true) };
  });
}
