import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Node } from 'web-tree-sitter';
import { readContent } from '../../content-model/read-content.ts';
import { toInstaller } from '../../installers/to-installer.ts';
import { APP_URL, BASE_URL } from '../helpers/built-site.ts';
import {
  parsePowerShell,
  toCommandNames,
  toFunctions,
  toOwnDescendants,
  toSyntaxErrors,
  toVariableName,
} from '../helpers/installers/powershell-parser.ts';

// The Windows installer, filled from the real content. No PowerShell runs on this machine, so the script is read
// by a real PowerShell grammar (tree-sitter's), checked for what strict mode would refuse at run time, and its
// signature check is run with the real ssh-keygen against a release signed the way the release build signs it.

const template = readFileSync(resolve('installers/install.ps1'), 'utf8');
const shTemplate = readFileSync(resolve('installers/install.sh'), 'utf8');
const { site } = readContent(undefined, { BASE_URL, APP_URL });
const script = toInstaller(site, template);
const MAIN = 'Install-CliRelease';

let root: Node;
let functions: Map<string, Node>;
beforeAll(async () => {
  root = await parsePowerShell(script);
  functions = toFunctions(root);
});

function fn(name: string): Node {
  const found = functions.get(name);
  if (!found) throw new Error(`install.ps1 has no function ${name}`);
  return found;
}

/** Every command name in a tree, nested functions' too. */
function toAllCommandNames(node: Node): string[] {
  return node.descendantsOfType('command_name').flatMap((c) => (c ? [c.text] : []));
}

/** The variables a function declares as parameters. */
function toParameters(f: Node): string[] {
  const declaration = f.namedChildren.find((c) => c?.type === 'function_parameter_declaration');
  return declaration ? declaration.descendantsOfType('variable').flatMap((v) => (v ? [toVariableName(v)] : [])) : [];
}

/** The variables a function assigns itself: left of `=`/`+=`, and foreach loop variables. */
function toAssigned(f: Node): Set<string> {
  const left = toOwnDescendants(f, ['left_assignment_expression']).flatMap((l) => l.descendantsOfType('variable'));
  const loops = toOwnDescendants(f, ['foreach_statement']).map((s) => s.namedChildren.find((c) => c?.type === 'variable'));
  return new Set([...left, ...loops].flatMap((v) => (v ? [toVariableName(v)] : [])));
}

describe('install.ps1, as PowerShell reads it', () => {
  it('parses with no ERROR or MISSING node', () => {
    expect(toSyntaxErrors(root)).toEqual([]);
  });

  it('would be caught by the parser if it were cut short or lost a brace (the check has teeth)', async () => {
    expect(toSyntaxErrors(await parsePowerShell(script.slice(0, Math.floor(script.length / 2))))).not.toEqual([]);
    const lastBrace = script.lastIndexOf('}');
    expect(toSyntaxErrors(await parsePowerShell(script.slice(0, lastBrace) + script.slice(lastBrace + 1)))).not.toEqual([]);
  });

  it('is one function and the call of it, so a download cut short runs nothing', () => {
    const statements = root.namedChildren
      .flatMap((c) => (c?.type === 'statement_list' ? c.namedChildren : [c]))
      .filter((c) => c && c.type !== 'comment');
    expect(statements.map((s) => s?.type)).toEqual(['function_statement', 'pipeline']);
    expect(statements[1]?.text).toBe(MAIN);
    expect(script.trimEnd().split('\n').at(-1)).toBe(MAIN);
  });

  it('sets strict mode and Stop inside the function, so the session that ran `irm | iex` keeps its own', () => {
    expect(toAllCommandNames(root).filter((c) => c === 'Set-StrictMode')).toEqual(['Set-StrictMode']);
    expect(toCommandNames(fn(MAIN))[0]).toBe('Set-StrictMode');
    expect(fn(MAIN).text).toMatch(/Set-StrictMode -Version Latest\n\s+\$ErrorActionPreference = 'Stop'\n/);
    expect(script).not.toMatch(/^\$ErrorActionPreference/m);
  });

  it("never runs `exit` under iex, which would close the user's shell: only a run from a file exits", () => {
    const exits = script
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => !l.startsWith('#') && /\bexit\b/.test(l));
    expect(exits).toEqual(['if ($MyInvocation.ScriptName) { exit 1 }']);
  });

  it('is ASCII without a byte-order mark, so Windows PowerShell reads it the same under any code page', () => {
    expect(script.charCodeAt(0)).not.toBe(0xfeff);
    expect(script).toMatch(/^[\t\n\x20-\x7e]*$/);
  });

  it('keeps every placeholder of the template inside a single-quoted string or a comment', async () => {
    const templateRoot = await parsePowerShell(template);
    expect(toSyntaxErrors(templateRoot)).toEqual([]);
    const places = [...template.matchAll(/@@[A-Z][A-Z0-9_]*@@/g)].map((m) => {
      let node: Node | null = templateRoot.descendantForIndex(m.index, m.index + m[0].length);
      while (node && !['verbatim_string_characters', 'comment', 'expandable_string_literal'].includes(node.type)) node = node.parent;
      return `${m[0]} in ${node?.type ?? 'code'}`;
    });
    expect(places.length).toBeGreaterThan(10);
    expect(places.filter((p) => !/ in (verbatim_string_characters|comment)$/.test(p))).toEqual([]);
  });

  it('reads, in each function, only its parameters, what it assigns, the release facts and automatic variables', () => {
    // Strict mode refuses a variable never set; PowerShell's dynamic scoping would hand a function its caller's
    // variable of the same name instead, silently. Only the facts set at the top of the main function are shared.
    const facts = toAssigned(fn(MAIN));
    expect([...facts]).toEqual(
      expect.arrayContaining(['binary', 'product', 'envprefix', 'releasearchive', 'signingkey', 'signingnamespace']),
    );
    const automatic = new Set(['_', 'true', 'false', 'null', 'psversiontable', 'executioncontext', 'myinvocation']);
    const strays: string[] = [];
    for (const [name, f] of functions) {
      const own = new Set([...toParameters(f), ...toAssigned(f), ...(name === MAIN ? [] : facts)]);
      for (const v of toOwnDescendants(f, ['variable']).map(toVariableName)) {
        if (!own.has(v) && !automatic.has(v) && !/^(env|global):/.test(v)) strays.push(`${name}: $${v}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('runs only its own functions and cmdlets that Windows PowerShell 5.1 has', () => {
    const builtIn = [
      'Add-Type',
      'Copy-Item',
      'Expand-Archive',
      'ForEach-Object',
      'Get-ChildItem',
      'Get-Command',
      'Get-FileHash',
      'Get-ItemProperty',
      'Invoke-WebRequest',
      'Join-Path',
      'Move-Item',
      'New-Item',
      'New-Object',
      'Remove-Item',
      'Select-Object',
      'Set-StrictMode',
      'Split-Path',
      'Start-Sleep',
      'Test-Path',
      'Write-Host',
    ];
    const unknown = toAllCommandNames(root).filter((c) => !functions.has(c) && !builtIn.includes(c));
    expect(unknown).toEqual([]);
  });

  it('has no "$name:" in a double-quoted string, which PowerShell reads as a scope or drive and refuses', () => {
    const strings = root.descendantsOfType('expandable_string_literal').flatMap((s) => (s ? [s.text] : []));
    expect(strings.length).toBeGreaterThan(20);
    // A backquote makes the $ literal (about_Special_Characters), as in the hint that names `$env:<PREFIX>_INSTALL_DIR`.
    expect(strings.filter((s) => /(?<!`)\$[A-Za-z_][A-Za-z0-9_]*:(?![A-Za-z_])/.test(s))).toEqual([]);
  });
});

describe('install.ps1, beside install.sh', () => {
  it('takes the options of install.sh from the same <PREFIX>_* variables', () => {
    const shOptions = [...shTemplate.matchAll(/\$\(getenv ([A-Z_]+)\)/g)].map((m) => m[1]).sort();
    const psOptions = [...script.matchAll(/Get-Option '([A-Z_]+)'/g)].map((m) => m[1]).sort();
    expect(shOptions).toEqual(['DOWNLOAD_URL', 'INSTALL_DIR', 'NO_MODIFY_PATH', 'TARGET', 'VERSION']);
    expect(psOptions).toEqual(shOptions);
    for (const option of psOptions) expect(script).toContain(`$env:${site.cli.env_prefix}_${option} = `);
  });

  it('accepts the versions install.sh accepts, and a loopback http archive without the warning', () => {
    const shClass = /\*\[!([^\]]+)\]\*\) err "invalid version/.exec(shTemplate)?.[1];
    const psClass = /\$version -cnotmatch '\\A\[([^\]]+)\]\+\\z'\) \{ throw "invalid version: '\$version' \(e\.g\. 1\.2\.3\)" \}/.exec(
      script,
    )?.[1];
    expect(shClass).toBe('A-Za-z0-9._+-');
    expect(psClass).toBe(shClass);
    expect(script).toContain("'\\Ahttp://(127\\.0\\.0\\.1|localhost)(\\z|[:/])'");
    expect(script).toContain('warning: $baseUrl is not https: the download is not protected in transit');
  });

  it('installs per user under %LOCALAPPDATA%\\Programs and names the folder in its help', () => {
    expect(script).toContain("$WindowsInstallSubdir = 'Programs\\warden\\bin'");
    expect(script).toContain('(default: $env:LOCALAPPDATA\\Programs\\warden\\bin)');
    expect(script).toContain("[Environment]::SetEnvironmentVariable('Path', $newPath, 'User')");
  });
});

describe('install.ps1 pinning a release, as far as a grammar can tell (no PowerShell runs here)', () => {
  const pins = {
    version: '1.2.3',
    archives: { [`${site.cli.binary}-windows-x64.zip`]: 'a'.repeat(64), [`${site.cli.binary}-windows-x64-baseline.zip`]: 'b'.repeat(64) },
  };
  const pinned = toInstaller(site, template, pins);
  let tree: Node;
  let own: Map<string, Node>;
  beforeAll(async () => {
    tree = await parsePowerShell(pinned);
    own = toFunctions(tree);
  });
  const body = (name: string) => {
    const f = own.get(name);
    if (!f) throw new Error(`no ${name}`);
    return f;
  };
  /** The if statements of a function whose condition is `text`, as the grammar reads them. */
  const ifs = (f: Node, condition: string) =>
    toOwnDescendants(f, ['if_statement']).filter((i) => i.namedChildren.find((c) => c?.type === 'pipeline')?.text === condition);

  it('parses, and holds the pins as one single-quoted string of <archive>=<sha256> words that Get-PinnedSum splits', () => {
    expect(toSyntaxErrors(tree)).toEqual([]);
    expect(pinned).toContain(`$PinnedVersion = '1.2.3'`);
    const words = /\$PinnedArchives = '([^']*)'/.exec(pinned)?.[1]?.split(' ') ?? [];
    expect(Object.fromEntries(words.map((w) => w.split('=')))).toEqual(pins.archives);
    expect(body('Get-PinnedSum').text).toContain("@($PinnedArchives -split ' ')");
    expect(body('Get-PinnedSum').text).toContain("@($pin -split '=', 2)");
  });

  it('looks for ssh-keygen only when the archive has no pin, and before any download', () => {
    const install = body('Install-Release');
    const [notPinned] = ifs(install, '-not $pinned');
    expect(notPinned, 'if (-not $pinned) { … Find-SshKeygen … }').toBeDefined();
    expect(notPinned!.descendantsOfType('command_name').map((c) => c?.text)).toEqual(['Find-SshKeygen']);
    const steps = toCommandNames(install);
    expect(steps.indexOf('Find-SshKeygen')).toBeLessThan(steps.indexOf('Save-Download'));
  });

  it('on the pinned path downloads the archive alone and compares Get-FileHash with the pin; on the other, checks the signature', () => {
    const install = body('Install-Release');
    const [branch] = ifs(install, '$pinned');
    expect(branch, 'if ($pinned) { … } else { … }').toBeDefined();
    const [then, otherwise] = branch!.namedChildren.filter((c) => c?.type === 'statement_block' || c?.type === 'else_clause');
    expect(then?.text).toContain('$expected = $pinned');
    expect(then?.descendantsOfType('command_name')).toEqual([]);
    expect(otherwise?.descendantsOfType('command_name').map((c) => c?.text)).toEqual([
      'Join-Path',
      'Join-Path',
      'Save-Download',
      'Save-Download',
      'Assert-Signature',
      'Get-ExpectedSum',
    ]);
    expect(install.text).toMatch(
      /\$actual = \(Get-FileHash -LiteralPath \$zipPath -Algorithm SHA256 -ErrorAction Stop\)\.Hash\.ToLowerInvariant\(\)\n\s+if \(\$expected -cne \$actual\) \{/,
    );
  });

  it('takes the -baseline build where the processor lacks AVX2, asking .NET or else IsProcessorFeaturePresent(40)', () => {
    const avx2 = body('Test-Avx2').text;
    expect(avx2).toContain("'System.Runtime.Intrinsics.X86.Avx2' -as [type]");
    expect(avx2).toContain('public static extern bool IsProcessorFeaturePresent(uint feature);');
    expect(avx2).toContain('::IsProcessorFeaturePresent(40)');
    const [noAvx2] = ifs(body('Get-Target'), "$arch -eq 'x64' -and -not (Test-Avx2)");
    expect(noAvx2?.text).toContain('return "$target-baseline"');
  });
});

describe('the signature check, run by the real ssh-keygen', () => {
  const hasKeygen = spawnSync('ssh-keygen', ['-?'], { stdio: 'ignore' }).error === undefined;
  let work: string;
  const sums = Buffer.from(`${'a'.repeat(64)}  ${site.cli.binary}-windows-x64.zip\n`);

  /** A fresh Ed25519 key: its file and its public line as content holds it (no comment). */
  function newKey(name: string): { file: string; line: string } {
    const file = join(work, name);
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', '', '-f', file]);
    return { file, line: readFileSync(`${file}.pub`, 'utf8').trim().split(/\s+/).slice(0, 2).join(' ') };
  }

  /** Signs `message` as the release build does: `ssh-keygen -Y sign -n <namespace>`, returning the .sig file. */
  function sign(key: string, namespace: string, message: Buffer, name: string): string {
    const file = join(work, name);
    writeFileSync(file, message);
    execFileSync('ssh-keygen', ['-q', '-Y', 'sign', '-f', key, '-n', namespace, file], { stdio: 'ignore' });
    return `${file}.sig`;
  }

  /**
   * Runs ssh-keygen the way the script's Assert-Signature does: its allowed_signers line and its argument list,
   * read from the generated script and evaluated with the paths it would pass.
   */
  async function verifyAsScriptDoes(keyLine: string, sigFile: string, stdin: Buffer): Promise<number | null> {
    const generated = toInstaller({ ...site, cli: { ...site.cli, release_signing_key: keyLine } }, template);
    const assert = toFunctions(await parsePowerShell(generated)).get('Assert-Signature');
    if (!assert) throw new Error('no Assert-Signature');
    const facts = Object.fromEntries([...generated.matchAll(/^\s+\$(\w+) = '([^']*)'$/gm)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
    const allowedSigners = join(work, `allowed-${Math.random().toString(16).slice(2)}`);
    const vars: Record<string, string> = { ...facts, allowedsigners: allowedSigners, sigpath: sigFile };
    const expand = (s: string) =>
      s.replace(/\$\{?(\w+)\}?/g, (_, v: string) => vars[v.toLowerCase()] ?? `<unset ${v}>`).replace(/`n/g, '\n');
    const line = /WriteAllText\(\$allowedSigners, "([^"]*)"/.exec(assert.text)?.[1];
    const list = /\$arguments = @\(([^)]*)\)/.exec(assert.text)?.[1];
    if (line === undefined || list === undefined)
      throw new Error('Assert-Signature no longer writes allowed_signers and its arguments as expected');
    writeFileSync(allowedSigners, expand(line));
    const args = list
      .split(',')
      .map((a) => a.trim())
      .map((a) => (a.startsWith("'") ? a.slice(1, -1) : expand(a)));
    expect(args.join(' ')).not.toMatch(/<unset/);
    return spawnSync('ssh-keygen', args, { input: stdin, stdio: ['pipe', 'ignore', 'ignore'] }).status;
  }

  beforeAll(() => {
    if (hasKeygen) work = mkdtempSync(join(tmpdir(), 'warden-ps1-sig-'));
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it.skipIf(!hasKeygen)('accepts SHA256SUMS signed by the release key in the release namespace', async () => {
    const key = newKey('release');
    const sig = sign(key.file, `${site.cli.binary}-release`, sums, 'SHA256SUMS');
    expect(await verifyAsScriptDoes(key.line, sig, sums)).toBe(0);
  });

  it.skipIf(!hasKeygen)('refuses changed sums, another namespace and another key', async () => {
    const key = newKey('release2');
    const other = newKey('other');
    const good = sign(key.file, `${site.cli.binary}-release`, sums, 'SUMS-good');
    const tampered = Buffer.from(sums.toString().replace('a', 'b'));
    expect(await verifyAsScriptDoes(key.line, good, tampered)).not.toBe(0);
    expect(await verifyAsScriptDoes(key.line, sign(key.file, 'file', sums, 'SUMS-ns'), sums)).not.toBe(0);
    expect(await verifyAsScriptDoes(key.line, sign(other.file, `${site.cli.binary}-release`, sums, 'SUMS-key'), sums)).not.toBe(0);
  });
});
