import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogLevel } from '../log-levels.ts';

/**
 * The servers' logger: one JSON object a line on stdout (pino), readable lines when stdout is a terminal. Lines
 * carry `time` (pino's milliseconds since the epoch: an ISO string cost a fifth of a line's time), `level` as a
 * name and `service` (edge or sandbox), so both servers of `npm start` can share one stream. `destination` is for tests.
 */
export function createLogger(options: { level: LogLevel; service: string; destination?: DestinationStream; pretty?: boolean }): Logger {
  const settings = {
    level: options.level,
    base: { service: options.service },
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty ?? process.stdout.isTTY) return pino(settings, pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l' }));
  // Lines are gathered into writes of 4 KiB or more (measured: a write per line cost about a tenth of a static
  // request's CPU time), and written at least once a second, and at exit.
  const destination = pino.destination({ fd: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 1000).unref();
  return pino(settings, destination);
}
