import { parse, patch, stringify, TomlFormat } from '@decimalturn/toml-patch';
import { ConfigSyntaxError } from './config-syntax-error.ts';

type Table = Record<string, unknown>;

const isTable = (v: unknown): v is Table => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** Parses TOML; a syntax error names its line (toml-patch reports 1-based lines, 0-based columns). */
function requireDocument(text: string, file: string): Table {
  try {
    return parse(text) as Table;
  } catch (error) {
    const e = error as { line?: number; column?: number; message?: string };
    const reason = String(e.message ?? error)
      .split('\n')
      .at(-1)
      ?.trim();
    throw new ConfigSyntaxError(file, e.line ?? 1, (e.column ?? 0) + 1, reason || 'not valid TOML');
  }
}

/** The value at `path` (undefined when absent); a key on the way that is not a table is an error. */
export function getTomlMember(text: string, path: string[], file: string): unknown {
  let node: unknown = requireDocument(text, file);
  for (const [i, key] of path.entries()) {
    if (node === undefined) return undefined;
    if (!isTable(node)) throw new ConfigSyntaxError(file, 1, 1, `"${path.slice(0, i).join('.')}" is not a table`);
    node = node[key];
  }
  return node;
}

/** A key as TOML writes it: bare when it can be, else a basic string (whose escapes are JSON's). */
const toKey = (key: string) => (/^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key));

/** The comments of a TOML text (approximately: every `#` to the end of its line), to check none is lost. */
const toComments = (text: string): string[] => text.match(/#[^\n\r]*/g) ?? [];

/**
 * The text with `path` set to `value` (or removed, for undefined), every other byte kept. A new entry is appended as
 * a `[table.name]` section made by toml-patch's stringify, the way the agents write it themselves, and kept only when
 * the result parses to exactly the document asked for; otherwise, and for a change or a removal, toml-patch compares
 * the document with the changed object and rewrites only what differs. A removal that would take a comment of the
 * user's with it is refused rather than done.
 */
export function setTomlMember(text: string, path: string[], value: unknown, file: string): string {
  const now = getTomlMember(text, path, file);
  if (now === undefined && value === undefined) return text;
  const document = requireDocument(text, file);
  let node = document;
  for (const key of path.slice(0, -1)) {
    if (!isTable(node[key])) node[key] = {};
    node = node[key] as Table;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  if (now === undefined && isTable(value)) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const gap = !text.trim() ? '' : text.endsWith('\n') ? eol : eol + eol;
    const section = `${gap}[${path.map(toKey).join('.')}]${eol}${stringify(value, { ...TomlFormat.autoDetectFormat(text || '\n'), newLine: eol })}`;
    const appended = `${text}${section}`;
    try {
      if (JSON.stringify(parse(appended)) === JSON.stringify(document)) return appended;
    } catch {
      // An inline table cannot take a section below it: toml-patch places the entry instead.
    }
  }
  const patched = patch(text, document, TomlFormat.autoDetectFormat(text));
  const kept = toComments(patched);
  const lost = toComments(text).find((c) => {
    const i = kept.indexOf(c);
    if (i >= 0) kept.splice(i, 1);
    return i < 0;
  });
  if (lost !== undefined && value === undefined)
    throw new ConfigSyntaxError(
      file,
      text.split(/\r?\n/).findIndex((l) => l.includes(lost)) + 1,
      1,
      `removing ${path.join('.')} would drop the comment "${lost}": remove it by hand`,
    );
  return patched;
}
