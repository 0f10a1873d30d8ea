import type { Resource } from '@modelcontextprotocol/server';
import type { Content } from '../../content-model/read-content.ts';
import { toSkillDescription, toSkillMd } from '../../documents/to-skill-md.ts';
import { MARKDOWN_TYPE } from '../../facts/content-types.ts';
import { toSkillUri } from '../../facts/paths.ts';

/** The media type the site serves SKILL.md with, without its charset (a resource's text is a JSON string, not bytes). */
const MARKDOWN = MARKDOWN_TYPE.split(';')[0]!;

/** One resource the endpoint serves: its `resources/list` entry and the text `resources/read` returns. */
export interface TextResource {
  resource: Resource & { mimeType: string };
  text: string;
}

export { toSkillUri };

/**
 * Every Agent Skill of the content as an MCP resource: the SKILL.md the build publishes at
 * /.well-known/agent-skills/<name>/SKILL.md, made by the same function from the same content, so `content` must be
 * read for the addresses that build was made for (its text names them).
 */
export function toSkillResources(content: Content): TextResource[] {
  return content.skills.map((skill) => {
    const text = toSkillMd(content, skill);
    return {
      resource: {
        uri: toSkillUri(skill.name),
        name: skill.name,
        description: toSkillDescription(skill),
        mimeType: MARKDOWN,
        size: Buffer.byteLength(text, 'utf8'),
      },
      text,
    };
  });
}
