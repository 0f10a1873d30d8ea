import type { GeneratedPage } from '../content-model/schemas/page.ts';
import type { Operation } from '../content-model/schemas/operation.ts';
import type { Tool } from '../content-model/schemas/tool.ts';
import { PATHS, toOperationPath, toToolPath } from '../facts/paths.ts';

/**
 * One page the build generates from data: where it is, how the sidebar, llms.txt and its own head name it,
 * and what it is built from. The one list of them (toGeneratedRoutes) feeds the sidebar, the page list and
 * every `getStaticPaths`.
 */
export interface GeneratedRoute {
  path: string;
  title: string;
  description: string;
  /** The section a page of content/pages.yaml names, or the title of the page an operation or tool page sits under. */
  section: string;
  /** The page this one is listed under (operation and tool pages). */
  parent?: string;
  /** How the sidebar names it: an operation by its path (with its method as a badge), a tool by its name. */
  label: string;
  method?: Operation['method'];
  operation?: Operation;
  tool?: Tool;
}

/** The first sentence of a description, on one line and without code marks (a meta description and llms.txt note). */
export function toFirstSentence(text: string): string {
  const line = text.replace(/\s+/g, ' ').replace(/`/g, '').trim();
  const end = line.search(/\.(\s|$)/);
  return end === -1 ? line : line.slice(0, end + 1);
}

/** `GET /api/health`: how an operation is named in titles and lists. */
export function toOperationTitle(op: Pick<Operation, 'method' | 'path'>): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

function toOperationRoute(op: Operation, parent: GeneratedPage): GeneratedRoute {
  return {
    path: toOperationPath(op.operationId),
    title: toOperationTitle(op),
    description: `${op.summary}. ${toFirstSentence(op.description)}`,
    section: parent.title,
    parent: parent.path,
    label: op.path,
    method: op.method,
    operation: op,
  };
}

function toToolRoute(tool: Tool, parent: GeneratedPage): GeneratedRoute {
  return {
    path: toToolPath(tool.name),
    title: tool.name,
    description: `${tool.title}. ${toFirstSentence(tool.description)}`,
    section: parent.title,
    parent: parent.path,
    label: tool.name,
    tool,
  };
}

/**
 * Every generated page, in order: each page of content/pages.yaml, followed by one page per operation under the
 * endpoint reference and one per tool under the tool index.
 */
export function toGeneratedRoutes(content: { pages: GeneratedPage[]; operations: Operation[]; tools: Tool[] }): GeneratedRoute[] {
  return content.pages.flatMap((page) => {
    const route: GeneratedRoute = { ...page, label: page.title };
    if (page.path === PATHS.apiReference) return [route, ...content.operations.map((op) => toOperationRoute(op, page))];
    if (page.path === PATHS.toolsReference) return [route, ...content.tools.map((tool) => toToolRoute(tool, page))];
    return [route];
  });
}
