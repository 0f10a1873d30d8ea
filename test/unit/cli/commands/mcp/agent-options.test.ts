import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { getContentDir, readContent } from '../../../../../content-model/read-content.ts';
import { getAgentIds } from '../../../../../cli/core/agents/agent-table.ts';
import { createFactory } from '../../../../../cli/factory.ts';
import { createProgram } from '../../../../../cli/program.ts';
import { toBuildDefaults } from '../../../../../cli/to-build-defaults.ts';

/** A subcommand by its path of names (`mcp install`). */
const toCommand = (program: Command, names: string[]): Command =>
  names.reduce((command, name) => command.commands.find((c) => c.name() === name)!, program);

describe('the --agent help of warden mcp install, status and uninstall', () => {
  const { site } = readContent(getContentDir(), {});
  const program = createProgram(createFactory(process, toBuildDefaults(site), false));

  it.each(['install', 'status', 'uninstall'])('mcp %s --help names exactly the agents of the agent table, in its order', (verb) => {
    // The help as commander prints it, its wrapped lines joined again.
    const help = toCommand(program, ['mcp', verb]).helpInformation().replace(/\s+/g, ' ');
    const named = /--agent <name> only this agent, found or not \(repeatable\): ([a-z-]+(?:, [a-z-]+)*)/.exec(help)?.[1]?.split(', ');
    expect(named).toEqual(getAgentIds());
  });
});
