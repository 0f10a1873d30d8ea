import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { LogLevel } from '../log-levels.ts';

/**
 * The servers' logger: one JSON object a line on stdout (pino), readable lines when stdout is a terminal. Lines
 * carry `time` (pino's milliseconds since the epoch, which costs less to write than an ISO string), `level` as a
 * name and `service` (edge or sandbox), so both servers of `npm start` can share one stream. `destination` is for tests.
 */
export function createLogger(options: { level: LogLevel; service: string; destination?: DestinationStream; pretty?: boolean }): Logger {
  const settings = {
    level: options.level,
    base: { service: options.service },
    formatters: { level: (label: string) => ({ level: label }) },
  };
  const destination = options.destination ?? toDefaultDestination(options.pretty ?? process.stdout.isTTY);
  const logger = pino(settings, destination);
  DESTINATIONS.set(logger, destination);
  return logger;
}

/** Standard output: pretty lines for a terminal, JSON lines otherwise. */
function toDefaultDestination(pretty: boolean | undefined): DestinationStream {
  if (!pretty) return toStdoutPerTurn(process.stdout);
  // Loaded only for a terminal: a server whose stdout is a pipe or a file starts without it.
  const prettyStream = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return prettyStream({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l' });
}

/** The destination each logger of createLogger writes to, for the lines toLineWriter writes beside pino. */
const DESTINATIONS = new WeakMap<Logger, DestinationStream>();

/** The levels a hand-written line is written at, and its messages: a request's, and a failed request's. */
type LineLevel = 'info' | 'error';
type LineMessage = 'request' | 'request failed';
const QUOTED: Record<LineMessage, string> = { request: JSON.stringify('request'), 'request failed': JSON.stringify('request failed') };

/**
 * Writes one line whose fields are JSON text already (`,"name":value…`), as pino writes `logger[level](fields, msg)`
 * for a logger of `createLogger`: level by name, time, the logger's bindings, the fields, msg; to the destination
 * createLogger gave the logger, so terminals get it pretty and tests get it captured. It serves the access log's line
 * per request, whose fields are few and fixed: written directly, they spare pino's general serializer a walk over an
 * object per line. Levels below the logger's are the caller's to skip (`logger.isLevelEnabled`).
 */
export function toLineWriter(logger: Logger): (level: LineLevel, fields: string, msg: LineMessage) => void {
  const bindings = JSON.stringify(logger.bindings()).slice(1, -1);
  const bound = bindings ? `,${bindings}` : '';
  const stream = DESTINATIONS.get(logger);
  if (!stream) throw new Error('toLineWriter writes for a logger of createLogger only');
  // The time's text is made once per millisecond, the messages' once: a large number's text is a new string.
  let now = 0;
  let time = '0';
  return (level, fields, msg) => {
    const current = Date.now();
    if (current !== now) {
      now = current;
      time = `${now}`;
    }
    stream.write(`{"level":"${level}","time":${time}${bound}${fields},"msg":${QUOTED[msg]}}\n`);
  };
}

/** Where the lines go: Node's standard output stream, which may break (a pipe whose reader went away). */
type Output = Pick<NodeJS.WriteStream, 'write' | 'on'>;

/**
 * Standard output as pino's destination, the lines of one event-loop turn handed over as one write. Node writes
 * stdout synchronously when it is a file or, on Linux, a pipe (Node's documentation: "A note on process I/O"): a line
 * is out by the next turn, none waits in memory for a crash to lose, and a reader that cannot keep up slows the
 * server rather than losing lines; pino's asynchronous destination would hand each write to libuv's thread pool, a
 * cost on the request's own CPU. A reader that goes away (EPIPE) ends the logging, not the server, as pino does for
 * its own destination.
 */
export function toStdoutPerTurn(output: Output): DestinationStream & { flush(cb?: (error?: Error) => void): void } {
  let lines: string[] = [];
  let broken = false;
  output.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    broken = true;
  });
  const release = () => {
    if (lines.length === 0) return;
    const text = lines.length === 1 ? lines[0]! : lines.join('');
    lines = [];
    if (!broken) output.write(text);
  };
  return {
    write(line: string) {
      if (lines.push(line) === 1) setImmediate(release);
    },
    flush(cb?: (error?: Error) => void) {
      release();
      cb?.();
    },
  };
}
