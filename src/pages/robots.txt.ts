import { getContent } from '../content/content.ts';
import { toRobotsTxt } from '../lib/to-robots-txt.ts';

export const GET = () => new Response(toRobotsTxt(getContent().site), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
