import {
  applyEdits,
  type Edit,
  findNodeAtLocation,
  format,
  type FormattingOptions,
  getNodeValue,
  modify,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';
import { ConfigSyntaxError, toLineColumn } from './config-syntax-error.ts';

/** How the file is indented and where its lines end, so an inserted entry looks like its neighbours. */
export function toFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indents = [...text.matchAll(/^([ \t]+)["/}\]]/gm)].map((m) => m[1]!);
  if (indents.some((i) => i.startsWith('\t'))) return { insertSpaces: false, tabSize: 1, eol };
  const widths = indents.map((i) => i.length);
  return { insertSpaces: true, tabSize: widths.length ? Math.min(...widths) : 2, eol };
}

/** Parses JSON with comments and trailing commas (what VS Code and Zed accept); a syntax error names its line. */
function requireTree(text: string, file: string) {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const error = errors[0];
  if (error) {
    const { line, column } = toLineColumn(text, error.offset);
    throw new ConfigSyntaxError(
      file,
      line,
      column,
      printParseErrorCode(error.error)
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase(),
    );
  }
  if (tree && tree.type !== 'object') throw new ConfigSyntaxError(file, 1, 1, 'the file is not a JSON object');
  return tree;
}

/** The value at `path` (undefined when absent); a member on the way that is not an object is an error naming its line. */
export function getJsoncMember(text: string, path: string[], file: string): unknown {
  // An empty file is an empty configuration (an agent may create one before writing to it).
  if (!text.trim()) return undefined;
  const tree = requireTree(text, file);
  if (!tree) return undefined;
  for (let i = 1; i < path.length; i++) {
    const parent = findNodeAtLocation(tree, path.slice(0, i));
    if (parent && parent.type !== 'object') {
      const { line, column } = toLineColumn(text, parent.offset);
      throw new ConfigSyntaxError(file, line, column, `"${path.slice(0, i).join('.')}" is not an object`);
    }
  }
  const node = findNodeAtLocation(tree, path);
  return node ? getNodeValue(node) : undefined;
}

/**
 * The text with `path` set to `value` (or removed, for undefined), every other byte kept: comments, order, spacing.
 * jsonc-parser makes the edit; only the inserted text is then formatted like the file (its formatter would also
 * rewrite the rest of the line the insertion starts on, such as a neighbour written on one line).
 */
export function setJsoncMember(text: string, path: string[], value: unknown, file: string): string {
  if (getJsoncMember(text, path, file) === undefined && value === undefined) return text;
  const options = toFormatting(text);
  if (!text.trim()) {
    if (value === undefined) return text;
    const indent = options.insertSpaces ? options.tabSize : '\t';
    const fresh = path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
    return `${JSON.stringify(fresh, null, indent)}${options.eol}`;
  }
  const edited = modify(text, path, value, {}).reduceRight((current, edit) => applyFormattedEdit(current, edit, options), text);
  return value === undefined && path.length > 1 ? collapseIfEmpty(edited, path.slice(0, -1)) : edited;
}

/**
 * An object left with nothing in it, not even a comment, is written `{}`: the way people write an empty one, so a file
 * that held `"mcpServers": {}` before install holds it again after uninstall. It stays: it may be the user's own.
 */
function collapseIfEmpty(text: string, path: string[]): string {
  const node = findNodeAtLocation(parseTree(text, [], { allowTrailingComma: true })!, path);
  if (node?.type !== 'object' || node.children?.length) return text;
  if (text.slice(node.offset + 1, node.offset + node.length - 1).trim()) return text;
  return applyEdits(text, [{ offset: node.offset, length: node.length, content: '{}' }]);
}

/** Applies one edit of jsonc-parser, then formats the inserted text alone like the rest of the file. */
function applyFormattedEdit(text: string, edit: Edit, options: FormattingOptions): string {
  const edited = applyEdits(text, [edit]);
  if (!edit.content) return edited;
  const start = edit.offset;
  const end = start + edit.content.length;
  const inside = format(edited, { offset: start, length: end - start }, options).filter(
    (e) => e.offset >= start && e.offset + e.length <= end,
  );
  return applyEdits(edited, inside);
}
