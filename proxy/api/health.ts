import { PATHS, toUrl } from '../../src/lib/paths.ts';
import type { AppConfig } from '../config.ts';

/** The health document (contract §2.1), computed once from configuration. */
export function toHealthDocument(config: AppConfig): Record<string, string> {
  return {
    status: 'ok',
    product: config.product,
    docs: config.docsUrl,
    openapi: toUrl(config.baseUrl, PATHS.openapi),
    mcp: toUrl(config.appUrl, PATHS.mcp),
  };
}

/** Answers both health paths with the same document, never cached (contract §9: the v1 path is an alias). */
export function createHealthHandler(config: AppConfig): () => Response {
  const body = JSON.stringify(toHealthDocument(config));
  return () =>
    new Response(body, {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' },
    });
}
