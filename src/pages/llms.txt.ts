import { getContent } from '../content/content.ts';
import { getPages } from '../content/pages.ts';
import { toLlmsTxt } from '../lib/to-llms-txt.ts';

export const GET = async () =>
  new Response(toLlmsTxt(getContent(), await getPages()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
