import { AGENT_LINKS } from '../facts/agent-links.ts';
import { PATHS, toUrl } from '../facts/paths.ts';
import type { Site } from '../content-model/schemas/site.ts';
import { toMcpConnect } from './to-mcp-connect.ts';
import { escapeHtml } from './escape-html.ts';
import { toJsonLdScript, toPageJsonLd } from './to-json-ld.ts';

const code = (text: string) => `<pre><code>${escapeHtml(text)}</code></pre>`;
const link = (href: string, text = href) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/**
 * The MCP endpoint's page as llms.txt lists it, under Reference beside the tool and endpoint references: the page is
 * no docs page (a GET of the endpoint answers it), but its twin is markdown an agent reads like any page's.
 */
export function toMcpEndpointListing(site: Site): { path: string; title: string; description: string; section: string } {
  const { title, summary } = site.mcp.endpoint_page;
  return { path: PATHS.mcpEndpointPage, title, description: summary, section: 'Reference' };
}

/**
 * The short page a GET of the MCP endpoint answers to a browser or an agent that is no MCP client (Accept without
 * text/event-stream): what the address is and how to connect to it. A standalone HTML page in the shape the twin
 * converter reads (`main .sl-markdown-content`), so its markdown twin is made like every page's.
 */
export function toMcpEndpointPage(site: Site): string {
  const connect = toMcpConnect(site.base_url, site.cli.binary);
  const { title, summary } = site.mcp.endpoint_page;
  const twin = `${PATHS.mcpEndpointPage}.md`;
  const body = [
    `<p>${escapeHtml(summary)}</p>`,
    `<p>Endpoint: <code>${escapeHtml(connect.url)}</code> (also <code>${escapeHtml(toUrl(site.base_url, PATHS.mcpWellKnown))}</code>).</p>`,
    '<h2 id="connect">Connect a client</h2>',
    '<p>Claude Code:</p>',
    code(connect.claudeCommand),
    '<p>Any client add-mcp knows (Cursor, VS Code, Claude Code and others):</p>',
    code(connect.addMcpCommand),
    `<p>Over local stdio, with the ${escapeHtml(site.cli.binary)} CLI installed (<code>curl -fsSL ${escapeHtml(toUrl(site.base_url, site.cli.installer_path))} | sh</code>), it signs in and renews tokens itself:</p>`,
    code(connect.stdioCommand),
    '<h2 id="more">More</h2>',
    '<ul>',
    `<li>${link(toUrl(site.base_url, PATHS.connectMcpDoc), 'Connect an MCP client')}: every client, which calls need a token, and the OAuth discovery steps</li>`,
    `<li>${link(toUrl(site.base_url, PATHS.mcpServerCard), 'MCP server card')} and ${link(toUrl(site.base_url, PATHS.toolsJson), 'the tool list')}</li>`,
    `<li>${link(toUrl(site.base_url, PATHS.llms), 'llms.txt')}: every docs page, for agents</li>`,
    `<li>Search the docs: <code>GET ${escapeHtml(toUrl(site.base_url, PATHS.search))}?q=&lt;question&gt;</code>, the pages and sections that answer it (JSON, or markdown with <code>Accept: text/markdown</code>), no credential</li>`,
    '</ul>',
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(summary)}">
<link rel="canonical" href="${escapeHtml(connect.url)}">
<script type="application/ld+json">${toJsonLdScript(toPageJsonLd(site, { path: PATHS.mcpEndpointPage, title, description: summary, updated: site.updated }, []))}</script>
<link rel="alternate" type="text/markdown" href="${escapeHtml(twin)}">
${AGENT_LINKS.map((l) => `<link rel="${l.rel}"${l.type ? ` type="${l.type}"` : ''} href="${l.path}">`).join('\n')}
<style>body{font:1rem/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}pre{background:#f3f3f6;padding:.75rem;white-space:pre-wrap;overflow-wrap:anywhere}code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}</style>
</head>
<body>
<header><a class="site-title" href="/">${escapeHtml(site.product.name)}</a></header>
<main>
<h1>${escapeHtml(title)}</h1>
<div class="sl-markdown-content">
${body}
</div>
</main>
</body>
</html>
`;
}
