import { getContent } from '../../../content/content.ts';
import { toAgentSkillsIndex } from '../../../lib/to-agent-skills-index.ts';
import { toJsonResponse } from '../../../lib/json-response.ts';

// Agent Skills Discovery 0.2.0: the index clients (`npx skills add <base_url>`) read first.
export const GET = () => toJsonResponse(toAgentSkillsIndex(getContent()));
