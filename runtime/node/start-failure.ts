/** How a server command names itself and the variables that choose its ports, for its one-line failure. */
export interface StartCommand {
  /** As the person typed it: `npm start`, `npm run dev`. */
  name: string;
  /** The variables that set its listening ports; METRICS_PORT also takes `off`. */
  ports: readonly string[];
}

/**
 * Ends a server command that could not start. A failure the person starting it can act on from the message alone
 * (a bad setting, or a system error such as a port in use or a folder it may not write) is one line on stderr and
 * exit code 1; anything else is a bug, rethrown, so its stack trace is there for a report.
 */
export function exitOnStartFailure(command: StartCommand, error: unknown, isSetting: boolean): never {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (!isSetting && typeof code !== 'string') throw error;
  const off = command.ports.includes('METRICS_PORT') ? ', or METRICS_PORT=off' : '';
  const hint = code === 'EADDRINUSE' ? ` (set ${command.ports.join(', ')} to a free port${off})` : '';
  console.error(`${command.name}: ${(error as Error).message}${hint}`);
  process.exit(1);
}
