import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
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
  if (options.pretty ?? process.stdout.isTTY) {
    // Loaded only for a terminal: a server whose stdout is a pipe or a file starts without it.
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
    return pino(settings, pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l' }));
  }
  // Lines are gathered into writes of 4 KiB or more (measured: a write per line cost about a tenth of a static
  // request's CPU time), and written at least once a second, and at exit.
  const destination = pino.destination({ fd: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 1000).unref();
  return pino(settings, batchPerTurn(destination));
}

/**
 * Hands the lines of one event-loop turn to the destination as one string. sonic-boom measures the byte length of
 * its whole pending buffer on every write, which cost about 1.5 µs a line under load (measured with --cpu-prof);
 * once a turn, that cost is shared by every line the turn logged.
 */
function batchPerTurn(destination: DestinationStream & { flush(cb?: (error?: Error) => void): void }): DestinationStream {
  let lines: string[] = [];
  const release = () => {
    if (lines.length === 0) return;
    const text = lines.length === 1 ? lines[0]! : lines.join('');
    lines = [];
    destination.write(text);
  };
  return Object.assign(Object.create(destination) as DestinationStream, {
    write(line: string) {
      if (lines.push(line) === 1) setImmediate(release);
    },
    flush(cb?: (error?: Error) => void) {
      release();
      destination.flush(cb);
    },
  });
}
