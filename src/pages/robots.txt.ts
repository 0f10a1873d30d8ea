import { getContent } from '../../content-model/content.ts';
import { toRobotsTxt } from '../../documents/to-robots-txt.ts';

export const GET = () => new Response(toRobotsTxt(getContent().site), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
