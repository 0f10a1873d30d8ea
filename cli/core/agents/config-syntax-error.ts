import type { CliErrorCode } from '../cli-error.ts';

/** A configuration file that does not parse: it is left as it is, and the error names the file and the line. */
export class ConfigSyntaxError extends Error {
  override name = 'ConfigSyntaxError';
  readonly code: CliErrorCode = 'ERR_CONFIG_SYNTAX';
  readonly file: string;
  readonly line: number;
  constructor(file: string, line: number, column: number, reason: string) {
    super(`${file}:${line}:${column}: ${reason}; left as it is: fix it and run again`);
    this.file = file;
    this.line = line;
  }
}

/** 1-based line and column of a character offset. */
export function toLineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
