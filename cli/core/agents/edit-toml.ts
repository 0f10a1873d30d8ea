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

/** Removes the table at `path` from its parent. */
function removeEmpty(document: Table, path: string[]): void {
  const parent = path.slice(0, -1).reduce<Table>((t, key) => t[key] as Table, document);
  delete parent[path.at(-1)!];
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

/**
 * The text with `path` set to `value` (or removed, for undefined). toml-patch compares the document with the changed
 * object and rewrites only what differs, so comments, order and spacing elsewhere stay as they were.
 */
export function setTomlMember(text: string, path: string[], value: unknown, file: string): string {
  getTomlMember(text, path, file);
  const document = requireDocument(text, file);
  let node = document;
  for (const key of path.slice(0, -1)) {
    if (!isTable(node[key])) {
      if (value === undefined) return text;
      node[key] = {};
    }
    node = node[key] as Table;
  }
  const last = path.at(-1)!;
  if (value === undefined) {
    if (!(last in node)) return text;
    delete node[last];
    // The table install made to hold the entry goes with it when nothing else is in it.
    if (path.length > 1 && Object.keys(node).length === 0) removeEmpty(document, path.slice(0, -1));
  } else node[last] = value;
  // A new file gets each server as a [table.name] section, the way the agents write it themselves.
  if (!text.trim()) return stringify(document, { ...TomlFormat.default(), inlineTableStart: path.length + 1 });
  return patch(text, document, TomlFormat.autoDetectFormat(text));
}
