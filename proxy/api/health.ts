import { HTTPResponse } from 'h3';
import { PATHS, toUrl } from '../../facts/paths.ts';
import type { AppConfig } from '../config.ts';
import { toAgentLinks } from '../static/agent-links.ts';

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

/** The health answer as every door writes it: the document, and its headers. */
export interface HealthAnswer {
  body: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * The health answer, computed once: JSON, never cached, readable from any origin, with the document's length, which an
 * answer to HEAD carries too (RFC 9110 §9.3.2: the fields GET would send; §8.6: the length GET's content would have).
 */
export function toHealthAnswer(config: AppConfig): HealthAnswer {
  const body = JSON.stringify(toHealthDocument(config));
  const length = new TextEncoder().encode(body).byteLength;
  const link = toAgentLinks(config.baseUrl);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      'content-length': String(length),
      link,
    },
  };
}

/** Answers both health paths with the same document, never cached (contract §9: the v1 path is an alias). */
export function createHealthHandler(config: AppConfig): () => HTTPResponse {
  const { body, headers } = toHealthAnswer(config);
  // h3's HTTPResponse, not a global Response: on Node, h3 turns it into srvx's fast response, which writes
  // the string directly instead of draining a web stream (npm run bench: the health ratio vs bare node:http).
  return () => new HTTPResponse(body, { headers });
}
