import { getPages } from '../content/pages.ts';
import { toTwinPath } from '../lib/paths.ts';
import { toLlmsOrder } from '../lib/to-llms-txt.ts';

// The twin of every page llms.txt lists, in its order: what the build's last step joins into /llms-full.txt.
// A build-internal file: src/integrations/agent-files.ts reads it and removes it.
export const GET = async () => new Response(JSON.stringify(toLlmsOrder(await getPages()).map((p) => toTwinPath(p.path))), { headers: { 'Content-Type': 'application/json' } });
