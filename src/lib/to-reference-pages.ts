import type { Operation } from '../schemas/operation.ts';
import type { Tool } from '../schemas/tool.ts';
import { toOperationPath, toToolPath } from './reference-paths.ts';

/** A generated reference page: where it is and how the sidebar, llms.txt and its own head name it. */
export interface ReferencePage {
  path: string;
  title: string;
  description: string;
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

/** One reference page per operation, titled by method and path. */
export function toOperationPages(operations: Operation[]): ReferencePage[] {
  return operations.map((op) => ({
    path: toOperationPath(op.operationId),
    title: toOperationTitle(op),
    description: `${op.summary}. ${toFirstSentence(op.description)}`,
  }));
}

/** One reference page per MCP tool, titled by the tool's name (what a client calls). */
export function toToolPages(tools: Tool[]): ReferencePage[] {
  return tools.map((t) => ({
    path: toToolPath(t.name),
    title: t.name,
    description: `${t.title}. ${toFirstSentence(t.description)}`,
  }));
}
