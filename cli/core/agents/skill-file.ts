import { CliError } from '../cli-error.ts';
import { PATHS } from '../../../facts/paths.ts';
import { getJson, request, type Fetch } from '../../../runtime/oauth/fetch-json.ts';
import { isSkillDigest } from '../../../runtime/skill-digest.ts';

/** The skill a service publishes: its name, the SKILL.md text, and the digest its discovery index gives. */
export interface PublishedSkill {
  name: string;
  text: string;
  digest: string;
  url: string;
}

/** The `name` of a SKILL.md's front matter (agentskills.io specification), or undefined. */
export function toSkillName(text: string): string | undefined {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  return front?.match(/^name:\s*["']?([a-z0-9-]+)["']?\s*$/m)?.[1];
}

/** The digest the service's discovery index gives the skill named `name` now, or undefined when it cannot say. */
export async function fetchSkillDigest(fetcher: Fetch, baseUrl: string, name: string): Promise<string | undefined> {
  try {
    const index = await getJson(fetcher, `${baseUrl}${PATHS.agentSkillsIndex}`, 'The Agent Skills index');
    const entry = (index.skills as { name?: unknown; digest?: unknown }[] | undefined)?.find((s) => s?.name === name);
    return typeof entry?.digest === 'string' ? entry.digest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The service's Agent Skill named `name`, as `npx skills add <base_url>` gets it: its discovery index, then the SKILL.md its entry names (resolved against the index's address), refused unless its
 * SHA-256 is the entry's digest. The service's own documents, so the skill names this install's addresses.
 */
export async function fetchSkill(fetcher: Fetch, baseUrl: string, name: string): Promise<PublishedSkill> {
  const indexUrl = `${baseUrl}${PATHS.agentSkillsIndex}`;
  const index = await getJson(fetcher, indexUrl, 'The Agent Skills index');
  const entry = (index.skills as { name?: unknown; url?: unknown; digest?: unknown }[] | undefined)?.find((s) => s?.name === name);
  if (typeof entry?.url !== 'string' || typeof entry.digest !== 'string')
    throw new CliError(`${indexUrl} lists no skill named ${name}: pass --no-skill to install the MCP server alone`, 'ERR_BAD_DOCUMENT');
  const url = new URL(entry.url, indexUrl).href;
  const response = await request(fetcher, url, { headers: { accept: 'text/markdown' } });
  const text = await response.text();
  if (response.status !== 200) throw new CliError(`the skill at ${url} answered HTTP ${response.status}`, 'ERR_BAD_DOCUMENT');
  if (!isSkillDigest(text, entry.digest))
    throw new CliError(`the skill at ${url} does not match the digest ${entry.digest} of ${indexUrl}: refused`, 'ERR_SKILL_DIGEST');
  return { name, text, digest: entry.digest, url };
}
