/** The levels LOG_LEVEL takes (pino's), quietest last; runtime-neutral, so the worker's configuration can name them. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
