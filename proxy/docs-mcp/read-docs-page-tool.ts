import { toDocsPageTarget, toMissingPageMessage } from '../../runtime/search/docs-page.ts';
import { readText } from '../static/read-text.ts';
import { type DocsToolHandler, toErrorResult, toTextResult } from './docs-tool.ts';

/**
 * `read_docs_page`: a docs page's markdown twin, the bytes `GET <page>.md` answers, for a page path or a URL on
 * this site; another site, a path outside the docs or a page that does not exist is an error result in the words
 * of the pages' WebMCP tool (runtime/search/docs-page.ts).
 */
export const readDocsPageTool: DocsToolHandler = async (args, { files, baseUrl }) => {
  const target = toDocsPageTarget(String(args.path), new URL(baseUrl).origin);
  if (!target.ok) return toErrorResult(target.message);
  const markdown = await readText(files, target.twinPath);
  return markdown === undefined ? toErrorResult(toMissingPageMessage(target.page)) : toTextResult(markdown);
};
