import type { Agent } from './agent-table.ts';
import { getJsoncMember, setJsoncMember } from './edit-jsonc.ts';
import { getTomlMember, setTomlMember } from './edit-toml.ts';

/** An agent's server entry named `name` in its file's text (undefined when absent); throws ConfigSyntaxError. */
export function getServerEntry(agent: Agent, text: string, name: string, file: string): unknown {
  const path = [agent.key, name];
  return agent.format === 'toml' ? getTomlMember(text, path, file) : getJsoncMember(text, path, file);
}

/** The file's text with the entry `name` set (or removed, for undefined), the rest kept byte for byte. */
export function setServerEntry(agent: Agent, text: string, name: string, entry: unknown, file: string): string {
  const path = [agent.key, name];
  return agent.format === 'toml' ? setTomlMember(text, path, entry, file) : setJsoncMember(text, path, entry, file);
}

/** Deep equality of two parsed values, ignoring key order (what an agent reading the file would see). */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => isSameValue((a as never)[k], (b as never)[k]));
}
