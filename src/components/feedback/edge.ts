// Whether an edge answered this page: the head of every page checks its own navigation entry for the edge's
// Server-Timing metric (facts/edge-timing.ts) while the page is parsed, and marks the document. A static host sends
// none, so what only an edge can take (the feedback form, the search box's reports) stays off there, with no request.
import { EDGE_TIMING } from '../../../facts/edge-timing.ts';

/** The attribute the check sets on <html> when an edge answered the page; styles and scripts read it. */
export const EDGE_ATTRIBUTE = 'data-edge';

/**
 * The check, inlined in every page's head (Head.astro) so it runs before the body is parsed and painted. Server-Timing
 * entries are exposed in secure contexts only (W3C Server Timing: `serverTiming` is [SecureContext]): elsewhere it
 * finds none, and the page acts as on a static host.
 */
export function toEdgeCheckScript(): string {
  const [metric, attribute] = [JSON.stringify(EDGE_TIMING), JSON.stringify(EDGE_ATTRIBUTE)];
  return `if(performance.getEntriesByType("navigation")[0]?.serverTiming?.some(e=>e.name===${metric}))document.documentElement.setAttribute(${attribute},"")`;
}

/** Whether the head's check found the edge. */
export const hasEdge = (): boolean => document.documentElement.hasAttribute(EDGE_ATTRIBUTE);
