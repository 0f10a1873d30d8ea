import type { Plugin } from 'vite';
import { toWebMcpTools } from '../../documents/to-webmcp-tools.ts';
import type { Content } from '../../content-model/read-content.ts';

const ID = 'virtual:warden/webmcp-tools';
const RESOLVED = `\0${ID}`;

/**
 * The site's WebMCP tool definitions as a module the browser code imports (`virtual:warden/webmcp-tools`), made from
 * content at build time: they reach only the script a browser with WebMCP loads, never a page's HTML.
 */
export function webMcpToolsModule(
  content: Pick<Content, 'site' | 'tools' | 'docsTools' | 'operations' | 'feedbackTool' | 'schemas'>,
): Plugin {
  return {
    name: 'warden-webmcp-tools',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(toWebMcpTools(content))};` : undefined),
  };
}
