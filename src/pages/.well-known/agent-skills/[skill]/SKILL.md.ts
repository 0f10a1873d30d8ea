import type { APIContext } from 'astro';
import { getContent } from '../../../../../content-model/content.ts';
import type { Skill } from '../../../../../content-model/schemas/skill.ts';
import { toSkillMd } from '../../../../../documents/to-skill-md.ts';
import { MARKDOWN_TYPE } from '../../../../../facts/content-types.ts';

// One SKILL.md per content/skills/<name>.yaml, at the address the discovery index names.
export const getStaticPaths = () => getContent().skills.map((skill) => ({ params: { skill: skill.name }, props: { skill } }));

export const GET = ({ props }: APIContext<{ skill: Skill }>) =>
  new Response(toSkillMd(getContent(), props.skill), { headers: { 'Content-Type': MARKDOWN_TYPE } });
