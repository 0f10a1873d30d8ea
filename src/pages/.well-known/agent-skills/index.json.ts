import { getContent } from '../../../../content-model/content.ts';
import { toAgentSkillsIndex } from '../../../../documents/to-agent-skills-index.ts';
import { toJsonResponse } from '../../../../documents/json-response.ts';

// Agent Skills Discovery 0.2.0: the index clients (`npx skills add <base_url>`) read first.
export const GET = () => toJsonResponse(toAgentSkillsIndex(getContent()));
