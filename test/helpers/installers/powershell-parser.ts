import { createRequire } from 'node:module';
import { Language, Parser, type Node } from 'web-tree-sitter';

// No PowerShell runs here, so the Windows installer is read by a real PowerShell grammar instead: tree-sitter's
// (tree-sitter-powershell, as WebAssembly through web-tree-sitter, so nothing native is built). It proves the text
// parses; what only PowerShell's own parser refuses (such as "$name:" in a string) is checked by the callers.

let parser: Promise<Parser> | undefined;

async function createParser(): Promise<Parser> {
  await Parser.init();
  const wasm = createRequire(import.meta.url).resolve('tree-sitter-powershell/tree-sitter-powershell.wasm');
  const p = new Parser();
  p.setLanguage(await Language.load(wasm));
  return p;
}

/** The syntax tree of a PowerShell script; throws if the parser gives none. */
export async function parsePowerShell(source: string): Promise<Node> {
  parser ??= createParser();
  const tree = (await parser).parse(source);
  if (!tree) throw new Error('tree-sitter-powershell returned no tree');
  return tree.rootNode;
}

/** Every ERROR or MISSING node, as `line:column text` (1-based line), in source order. */
export function toSyntaxErrors(root: Node): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if (node.type === 'ERROR' || node.isMissing) {
      found.push(
        `${node.startPosition.row + 1}:${node.startPosition.column} ${node.isMissing ? `missing ${node.type}` : node.text.slice(0, 60)}`,
      );
    }
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  return found;
}

/** The function statements of a tree (nested ones too), by name. */
export function toFunctions(root: Node): Map<string, Node> {
  return new Map(
    root.descendantsOfType('function_statement').flatMap((f) => {
      const name = f?.childForFieldName('function_name') ?? f?.namedChildren.find((c) => c?.type === 'function_name');
      return f && name ? [[name.text, f] as const] : [];
    }),
  );
}

/** The nodes of `types` under `node` in source order, leaving out what nested functions hold. */
export function toOwnDescendants(node: Node, types: string[]): Node[] {
  const found: Node[] = [];
  const visit = (n: Node) => {
    for (const child of n.namedChildren) {
      if (!child || child.type === 'function_statement') continue;
      if (types.includes(child.type)) found.push(child);
      visit(child);
    }
  };
  visit(node);
  return found;
}

/** The names of the commands a function runs itself (not in its nested functions), in source order. */
export function toCommandNames(fn: Node): string[] {
  return toOwnDescendants(fn, ['command_name']).map((n) => n.text);
}

/** `$Name`, `${Name}`, `@Name` → `name`; scoped names (`$env:Path`) keep their scope: `env:path`. */
export function toVariableName(variable: Node): string {
  return variable.text
    .replace(/^[$@]\{?/, '')
    .replace(/\}$/, '')
    .toLowerCase();
}
