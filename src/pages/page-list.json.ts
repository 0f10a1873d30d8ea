import { getContent } from '../../content-model/content.ts';
import { getPages } from '../route-data/pages.ts';
import { toMcpEndpointListing } from '../../documents/to-mcp-endpoint-page.ts';

// Every page llms.txt lists (path, title, description, section), in order, the MCP endpoint's page last: what the
// build's last step turns into the llms.txt and llms-full.txt files once the twins exist. A build-internal file:
// src/integrations/agent-files.ts reads it and removes it.
export const GET = async () =>
  new Response(
    JSON.stringify([
      ...(await getPages()).map(({ path, title, description, section }) => ({ path, title, description, section })),
      toMcpEndpointListing(getContent().site),
    ]),
    { headers: { 'Content-Type': 'application/json' } },
  );
