import { PATHS } from './paths.ts';

/** One link every answer and every page's head carries for agents (RFC 8288 §3: target, relation type, media type). */
export interface AgentLink {
  path: string;
  rel: string;
  type?: string;
}

/**
 * Where an agent finds the index of the docs (llms.txt, `rel="describedby"` with its type, as llms.txt discovery
 * has it), the API catalog (RFC 9727 §3, `rel="api-catalog"`), the OpenAPI document (RFC 8631 §3,
 * `rel="service-desc"`) and the AI Catalog (`rel="ai-catalog"`, the discovery relation the AI Catalog data model
 * defines and Agentic Resource Discovery consumers honour). Registered relation types otherwise (RFC 8288 §2.1.1):
 * `llms-txt` would not be a valid one. The Link header (proxy/static/agent-links.ts), the CDN's `_headers` and each
 * page's `<link>` elements are made from this list.
 */
export const AGENT_LINKS: readonly AgentLink[] = [
  { path: PATHS.llms, rel: 'describedby', type: 'text/plain' },
  { path: PATHS.apiCatalog, rel: 'api-catalog' },
  { path: PATHS.openapi, rel: 'service-desc', type: 'application/json' },
  { path: PATHS.aiCatalog, rel: 'ai-catalog', type: 'application/json' },
];

/** A Link field value (RFC 8288 §3) of links, each target made by `toTarget` from its path (absolute or as it is). */
export function toLinkValue(links: readonly AgentLink[], toTarget: (path: string) => string = (path) => path): string {
  return links.map((l) => `<${toTarget(l.path)}>; rel="${l.rel}"${l.type ? `; type="${l.type}"` : ''}`).join(', ');
}
