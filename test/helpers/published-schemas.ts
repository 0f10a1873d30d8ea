/**
 * The rules of published discovery formats that no npm package ships a schema for, written as JSON Schemas from their
 * specifications, one rule per sentence there. Objects stay open where the formats say clients ignore unknown members.
 */

// Agent Skills Discovery 0.2.0 (cloudflare/agent-skills-discovery-rfc README: Discovery Index, Skill entry fields,
// Integrity and Verification), the fields the `skills` CLI checks (dist/cli.mjs, isValidSkillEntryV2).
export const AGENT_SKILLS_INDEX_SCHEMA = {
  type: 'object',
  required: ['$schema', 'skills'],
  properties: {
    $schema: { const: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json' },
    skills: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'type', 'description', 'url', 'digest'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
          type: { enum: ['skill-md', 'archive'] },
          description: { type: 'string', minLength: 1, maxLength: 1024 },
          url: { type: 'string', format: 'uri-reference', minLength: 1 },
          digest: { type: 'string', pattern: '^sha256:[a-f0-9]{64}$' },
        },
      },
    },
  },
};
