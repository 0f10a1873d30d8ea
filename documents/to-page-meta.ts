import type { Content } from '../content-model/read-content.ts';
import type { GeneratedPage } from '../content-model/schemas/page.ts';

/** The content entry of a generated page; throws (failing the build) when pages.yaml lacks it. */
export function getGeneratedPage(content: Content, path: string): GeneratedPage {
  const page = content.pages.find((p) => p.path === path);
  if (!page) throw new Error(`content/pages.yaml: no entry for ${path}`);
  return page;
}

/** The anchor of a JSON-RPC error code on the errors page, e.g. -32700 → `jsonrpc-32700`. */
export function toJsonRpcAnchor(code: number): string {
  return `jsonrpc${code}`;
}
