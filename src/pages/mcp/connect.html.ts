import type { APIRoute } from 'astro';
import { getContent } from '../../../content-model/content.ts';
import { toMcpEndpointPage } from '../../../documents/to-mcp-endpoint-page.ts';

/** `/mcp/connect`: what a GET of the MCP endpoint answers to a browser or agent (its twin is made after the build). */
export const GET: APIRoute = () =>
  new Response(toMcpEndpointPage(getContent().site), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
