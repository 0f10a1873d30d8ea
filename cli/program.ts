import { Command, CommanderError } from 'commander';
import { createRegisterCommand } from './commands/admin/register.ts';
import { createLoginCommand } from './commands/auth/login.ts';
import { createLogoutCommand } from './commands/auth/logout.ts';
import { createStatusCommand } from './commands/auth/status.ts';
import { createTokenCommand } from './commands/auth/token.ts';
import { createMcpCommand } from './commands/mcp/mcp.ts';
import { createUpdateCommand } from './commands/self/update.ts';
import { EXIT, toCliError } from './core/cli-error.ts';
import type { Factory } from './factory.ts';

/** A group command (`admin`, `auth`, `self`) holding its verbs. */
function group(name: string, description: string, verbs: Command[]): Command {
  const command = new Command(name).description(description);
  for (const verb of verbs) command.addCommand(verb);
  return command;
}

/** The whole command tree, wired to the factory; commander parses, prints help and usage errors. */
export function createProgram(f: Factory): Command {
  const { binary, envPrefix, version } = f.defaults;
  const program = new Command(binary)
    .description(
      `${f.defaults.product}'s command line. Start with \`${binary} mcp install\`: it adds ${f.defaults.product} to every coding agent on this machine. Also: sign in, register workload clients, and serve the tools over stdio (MCP).`,
    )
    .version(`${binary} ${version}`, '--version', 'print the version')
    // Root options only before the command: `self update --version V` is the command's own flag.
    .enablePositionalOptions()
    .addHelpText(
      'after',
      [
        '',
        'Exit codes: 0 success, 1 failure, 2 usage error.',
        `Environment: ${envPrefix}_BASE_URL (the service, default ${f.defaults.baseUrl}), ${envPrefix}_MCP_URL, ${envPrefix}_DOWNLOAD_URL, XDG_CONFIG_HOME.`,
      ].join('\n'),
    )
    .showSuggestionAfterError(true);
  // First in the help: connecting the agents is what a new user does first.
  program.addCommand(createMcpCommand(f));
  program.addCommand(createLoginCommand(f));
  program.addCommand(createLogoutCommand(f));
  program.addCommand(group('auth', 'show or use the stored credentials', [createStatusCommand(f), createTokenCommand(f)]));
  program.addCommand(group('admin', 'administer workload clients', [createRegisterCommand(f)]));
  program.addCommand(group('self', `manage this ${binary} binary`, [createUpdateCommand(f)]));
  const configure = (command: Command) => {
    command.exitOverride().configureOutput({
      writeOut: (s) => f.stdout.write(s),
      writeErr: (s) => f.err(s.startsWith('error:') ? `${binary}: ${s.trimEnd()}` : s.trimEnd()),
    });
    command.commands.forEach(configure);
  };
  configure(program);
  return program;
}

/** Runs the command line and returns the exit code; every failure is one line on stderr, never a stack trace. */
export async function runProgram(f: Factory, argv: string[]): Promise<number> {
  const program = createProgram(f);
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT.usage;
    }
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; everything commander refuses is a usage error (already printed).
      return ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code) ? EXIT.ok : EXIT.usage;
    }
    const failure = toCliError(error);
    if (failure) {
      // The stable code after the message, so a failure can be looked up on the CLI errors page and matched by scripts.
      f.err(`${f.defaults.binary}: error: ${failure.message} (${failure.code})`);
      return failure.exitCode;
    }
    f.err(`${f.defaults.binary}: internal error: ${(error as Error)?.message ?? String(error)} (please report it)`);
    return EXIT.failure;
  }
}
