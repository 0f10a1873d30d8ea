import { z } from 'zod';

const prose = z.string().trim().min(1);

/**
 * The prose of one Agent Skill (`content/skills/<name>.yaml`): what SKILL.md says that cannot be derived from the
 * tools, errors and site facts. The file name must equal `name`.
 */
export const skillSchema = z.strictObject({
  // agentskills.io specification, name field: 1–64 lower-case letters, digits and single hyphens, no hyphen at either end.
  name: z
    .string()
    .max(64)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens, at most 64 characters'),
  // agentskills.io specification, description field: what the skill does and when to use it, at most 1024 characters.
  description: z.string().trim().min(20).max(1024),
  install: prose,
  install_windows: z.strictObject({ lead: prose, command: prose }).optional(),
  install_after: prose,
  connect: prose,
  connect_commands: z.array(prose).min(1),
  connect_after: prose,
  sign_in: prose,
  sign_in_commands: z.array(prose).min(1),
  sign_in_after: prose,
  tools: prose,
  /** A governed run, step by step: one item per step, naming the tools it uses. */
  workflow: z.array(prose).min(1),
  errors: prose,
  /** Questions a person asks that this skill answers: the AI Catalog entry's `representativeQueries` (ARD §4.2: 2 to 5). */
  representative_queries: z.array(prose).min(2).max(5),
});

/** One Agent Skill's prose, as written in content (placeholders filled). */
export type Skill = z.infer<typeof skillSchema>;
