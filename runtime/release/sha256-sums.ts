import { createHash } from 'node:crypto';

/**
 * The release's SHA256SUMS, in the format GNU `sha256sum` writes and `sha256sum --check` reads: one line per file,
 * `<64 hex digits><space><space or *><name>` (the second character says text or binary mode, which changes nothing
 * for SHA-256). Written once here, read once here, with one set of rules, by the release build, the site's pins
 * and `self update`.
 */

/** A SHA256SUMS that breaks the rules; `line` is 1-based, and the message starts `line <n>`. */
export class Sha256SumsError extends Error {
  override name = 'Sha256SumsError';
  readonly line: number;
  constructor(line: number, problem: string) {
    super(`line ${line} ${problem}`);
    this.line = line;
  }
}

const LINE = /^([0-9A-Fa-f]{64}) ([ *])(.*)$/;
const SHAPE = 'is not "<sha256>  <file>" (or "<sha256> *<file>")';

/** Why a line that is not a sums line is not one, for the error (the first rule it breaks). */
function toProblem(line: string): string {
  if (line.startsWith('\\')) return `${SHAPE}: escaped names are not used in a release`;
  if (!/^[0-9A-Fa-f]{64}(\s|$)/.test(line)) return `${SHAPE}: the hash is not 64 hex digits`;
  if (!/^.{64} [ *]/.test(line)) return `${SHAPE}: the hash is not followed by two spaces, or a space and *`;
  return `${SHAPE}: no name after the hash`;
}

/**
 * File name → lower-case SHA-256 of a SHA256SUMS text. Strict: every line but an empty one (a CRLF line end is
 * taken as LF) must be a sums line, with a name; a name is the rest of the line, spaces included, as sha256sum
 * writes it; the backslash-escaped form sha256sum uses for names holding a newline or backslash is refused (no
 * release file has one), and so is a name listed twice, even with the same hash. Throws a Sha256SumsError naming the
 * line; the caller adds which file and its own error code.
 */
export function requireSha256Sums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  const lines = new Map<string, number>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') return;
    const match = LINE.exec(line);
    if (!match || match[3] === '') throw new Sha256SumsError(i + 1, toProblem(line));
    const name = match[3]!;
    const first = lines.get(name);
    if (first !== undefined) throw new Sha256SumsError(i + 1, `lists ${name} again (line ${first} listed it first)`);
    lines.set(name, i + 1);
    sums.set(name, match[1]!.toLowerCase());
  });
  return sums;
}

/** A SHA256SUMS text, as `sha256sum` writes it in text mode (two spaces), sorted by file name; refuses what it could not read back. */
export function toSha256Sums(sums: Record<string, string> | ReadonlyMap<string, string>): string {
  const entries = sums instanceof Map ? [...sums] : Object.entries(sums);
  const text = entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, hash]) => `${hash.toLowerCase()}  ${name}\n`)
    .join('');
  requireSha256Sums(text);
  return text;
}

/** The lower-case hex SHA-256 of some bytes (a string is hashed as UTF-8). */
export function toSha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
