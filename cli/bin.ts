/**
 * The entry of the single executable. The build replaces WARDEN_DEFAULTS with the facts of the content it
 * was built from (esbuild `define`); nothing else here has side effects beyond starting the program.
 */
import type { BuildDefaults } from './build-defaults.ts';
import { createFactory } from './factory.ts';
import { runProgram } from './program.ts';

declare const WARDEN_DEFAULTS: BuildDefaults;

const factory = createFactory(process, WARDEN_DEFAULTS, true);
// No stack trace ever reaches the user, even from a failure outside a command.
const fatal = (error: unknown) => {
  factory.err(`${WARDEN_DEFAULTS.binary}: internal error: ${(error as Error)?.message ?? String(error)} (please report it)`);
  process.exit(1);
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);
runProgram(factory, process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, fatal);
