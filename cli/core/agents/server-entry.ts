import type { Agent, Target } from './agent-table.ts';

/**
 * A server install writes into the agents' files: its name there, the targets it may take (the first an agent's file
 * can hold is written), and what to do instead where the file can hold none of them.
 */
export interface Server {
  name: string;
  targets: Target[];
  instead: string;
}

/** The first of the server's targets the agent's file can hold, and its entry there; undefined when it can hold none. */
export function toServerEntry(agent: Agent, server: Server): { target: Target; entry: Record<string, unknown> } | undefined {
  for (const target of server.targets) {
    const entry = agent.toEntry(target);
    if (entry) return { target, entry };
  }
  return undefined;
}

/** Why an agent's file gets no entry for the server: the transports it cannot hold, and what to do instead. */
export function toUnusableNote(server: Server): string {
  return `cannot use ${[...new Set(server.targets.map((t) => t.transport))].join(' or ')} from its file: ${server.instead}`;
}
