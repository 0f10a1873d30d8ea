import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../content-model/read-content.ts';
import { toInstaller } from '../../installers/to-installer.ts';
import { APP_URL, BASE_URL, DIST, readTestContent } from '../helpers/built-site.ts';
import { parsePowerShell, toCommandNames, toFunctions } from '../helpers/installers/powershell-parser.ts';

const template = readFileSync(resolve('installers/install.sh'), 'utf8');
const psTemplate = readFileSync(resolve('installers/install.ps1'), 'utf8');
const { site } = readContent(undefined, { BASE_URL, APP_URL });
/** What the test build was made from: .test-dist pins the test release, signed by the test key. */
const built = await readTestContent();
const SHA = (c: string) => c.repeat(64);

describe('toInstaller', () => {
  const script = toInstaller(site, template);

  it('fills every placeholder with the facts from content/site.yaml', () => {
    expect(script).not.toMatch(/@@/);
    expect(script).toContain(`BINARY="${site.cli.binary}"`);
    expect(script).toContain(`PRODUCT="${site.product.name}"`);
    expect(script).toContain(`ENV_PREFIX="${site.cli.env_prefix}"`);
    expect(script).toContain(`RELEASE_ARCHIVE="${site.cli.release_archive}"`);
    expect(script).toContain(`INSTALLER_URL="${BASE_URL}${site.cli.installer_path}"`);
    expect(script).toContain(`TARGETS="${site.cli.targets.join(' ')}"`);
  });

  it('turns a ~ install folder into $HOME, which expands inside quotes', () => {
    expect(site.cli.install_dir_default).toBe('~/.local/bin');
    expect(script).toContain('install_dir="$HOME/.local/bin"');
    const absolute = { ...site, cli: { ...site.cli, install_dir_default: '/opt/warden/bin' } };
    expect(toInstaller(absolute, template)).toContain('install_dir="/opt/warden/bin"');
  });

  it('keeps the script ending in the guarded call, so a partial download runs nothing', () => {
    expect(script.trimEnd().split('\n').at(-1)).toBe('{ main "$@"; }');
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
  });

  it('follows BASE_URL in the usage line', () => {
    const other = readContent(undefined, { BASE_URL: 'https://staging.warden.example', APP_URL });
    expect(toInstaller(other.site, template)).toContain('curl -fsSL https://staging.warden.example/install | sh');
  });

  it('fails loudly on an unknown placeholder', () => {
    expect(() => toInstaller(site, `${template}\n# @@NOT_A_FACT@@\n`)).toThrow(/unknown placeholders: @@NOT_A_FACT@@/);
  });

  it('fails loudly on a malformed placeholder that would be left in the script', () => {
    expect(() => toInstaller(site, `${template}\n# @@binary@@\n`)).toThrow(/@@binary@@ was left unfilled/);
  });

  it('pins nothing for a site built without a release: both pin values are empty', () => {
    expect(script).toContain('PINNED_VERSION=""\n');
    expect(script).toContain('PINNED_ARCHIVES=""\n');
  });

  it('pins a release as its version and <archive>=<sha256> words, sorted by archive name', () => {
    const pins = { version: '1.2.3', archives: { 'warden-linux-x64.tar.gz': SHA('b'), 'warden-darwin-arm64.tar.gz': SHA('a') } };
    const pinned = toInstaller(site, template, pins);
    expect(pinned).toContain('PINNED_VERSION="1.2.3"\n');
    expect(pinned).toContain(`PINNED_ARCHIVES="warden-darwin-arm64.tar.gz=${SHA('a')} warden-linux-x64.tar.gz=${SHA('b')}"\n`);
  });

  it('refuses pins that could break out of a shell string, naming the variable they came from', () => {
    expect(() => toInstaller(site, template, { version: '1.2.3"; id; "', archives: {} })).toThrow(/RELEASE_DIR \(version\)/);
    expect(() => toInstaller(site, template, { version: '1.2.3', archives: { "w'x.tar.gz": SHA('a') } })).toThrow(
      /RELEASE_DIR \(SHA256SUMS\)/,
    );
    expect(() => toInstaller(site, template, { version: '1.2.3', archives: { 'w.tar.gz': 'a$(id)' } })).toThrow(
      /RELEASE_DIR \(SHA256SUMS\)/,
    );
  });

  it('refuses a fact that could break out of its shell string, naming the field', () => {
    const evil = { ...site, product: { ...site.product, name: 'Warden"; rm -rf ~; "' } };
    expect(() => toInstaller(evil, template)).toThrow(/product\.name .* unsafe in a shell string/);
    const dollar = { ...site, cli: { ...site.cli, install_dir_default: '$(id)/bin' } };
    expect(() => toInstaller(dollar, template)).toThrow(/cli\.install_dir_default/);
  });
});

describe('toInstaller with the Windows template', () => {
  const script = toInstaller(site, psTemplate);

  it('fills every placeholder with the facts from content/site.yaml', () => {
    expect(script).not.toMatch(/@@/);
    expect(script).toContain(`$Binary = '${site.cli.binary}'`);
    expect(script).toContain(`$Product = '${site.product.name}'`);
    expect(script).toContain(`$EnvPrefix = '${site.cli.env_prefix}'`);
    expect(script).toContain(`$ReleaseArchive = '${site.cli.release_archive}'`);
    expect(script).toContain(`$InstallerUrl = '${BASE_URL}${site.cli.installer_path}'`);
    expect(script).toContain(`$Targets = @('${site.cli.targets.join(' ')}' -split ' ')`);
    expect(script).toContain(`$SigningKey = '${site.cli.release_signing_key}'`);
    expect(script).toContain(`$SigningNamespace = '${site.cli.binary}-release'`);
    expect(script).toContain(`$WindowsInstallSubdir = 'Programs\\${site.cli.binary}\\bin'`);
    expect(script).toContain(`#   irm ${BASE_URL}${site.cli.installer_ps1_path} | iex\n`);
  });

  it('gives the sh template the signing facts too', () => {
    const both = '@@RELEASE_SIGNING_KEY@@ @@SIGNING_NAMESPACE@@ @@INSTALLER_PS1_URL@@';
    expect(toInstaller(site, both)).toBe(`${site.cli.release_signing_key} ${site.cli.binary}-release ${BASE_URL}/install.ps1`);
  });

  it('follows BASE_URL and the signing key of the environment', () => {
    const other = readContent(undefined, { BASE_URL: 'https://staging.warden.example', APP_URL }).site;
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA+/0123456789abcdefghijklmnopqrstuvwxyzABCDEF';
    const script = toInstaller({ ...other, cli: { ...other.cli, release_signing_key: key } }, psTemplate);
    expect(script).toContain('irm https://staging.warden.example/install.ps1 | iex');
    expect(script).toContain(`$SigningKey = '${key}'`);
  });

  it('fails loudly on an unknown or malformed placeholder', () => {
    expect(() => toInstaller(site, `${psTemplate}\n# @@NOT_A_FACT@@\n`)).toThrow(/unknown placeholders: @@NOT_A_FACT@@/);
    expect(() => toInstaller(site, `${psTemplate}\n# @@binary@@\n`)).toThrow(/@@binary@@ was left unfilled/);
  });

  it('refuses a fact that could break out of a single-quoted PowerShell string, naming the field', () => {
    const quote = { ...site, product: { ...site.product, name: "Warden'; Remove-Item -Recurse ~; '" } };
    expect(() => toInstaller(quote, psTemplate)).toThrow(/product\.name .* unsafe in a shell string/);
    // PowerShell also ends a single-quoted string at the typographic quotes (about_Quoting_Rules).
    const curly = { ...site, product: { ...site.product, name: 'Warden\u2019s' } };
    expect(() => toInstaller(curly, psTemplate)).toThrow(/product\.name/);
    const key = { ...site, cli: { ...site.cli, release_signing_key: "ssh-ed25519 AAAA'+(iwr evil)+'" } };
    expect(() => toInstaller(key, psTemplate)).toThrow(/cli\.release_signing_key/);
    const newline = { ...site, cli: { ...site.cli, release_archive: 'https://releases.warden.example/cli\nRemove-Item ~' } };
    expect(() => toInstaller(newline, psTemplate)).toThrow(/cli\.release_archive/);
  });
});

describe('the built /install.ps1', () => {
  const builtPs1 = join(DIST, site.cli.installer_ps1_path.slice(1));
  const skip = process.env.WARDEN_SKIP_TEST_BUILD === '1';

  it.skipIf(skip)('is exactly toInstaller(site, install.ps1, the release it was built with), at the path content names', () => {
    expect(existsSync(builtPs1), `${builtPs1} was not built`).toBe(true);
    expect(built.release, '.test-dist pins the test release').toBeDefined();
    expect(readFileSync(builtPs1, 'utf8')).toBe(toInstaller(built.site, psTemplate, built.release));
  });

  it.skipIf(skip)('carries the release key, its namespace, the addresses and the pins of both Windows archives', () => {
    const script = readFileSync(builtPs1, 'utf8');
    expect(script).toContain(`'${built.site.cli.release_signing_key}'`);
    expect(script).toContain(`'${built.site.cli.binary}-release'`);
    expect(script).toContain(`'${built.site.cli.release_archive}'`);
    expect(script).toContain(`irm ${BASE_URL}/install.ps1 | iex`);
    expect(script).toContain(`curl -fsSL ${BASE_URL}/install | sh`);
    expect(script).toContain(`$PinnedVersion = '${built.release!.version}'`);
    for (const target of ['windows-x64', 'windows-x64-baseline']) {
      const archive = `${built.site.cli.binary}-${target}.zip`;
      expect(script).toContain(`${archive}=${built.release!.archives[archive]}`);
    }
  });

  it.skipIf(skip)('checks the pin, or else the signature then SHA256SUMS, before it unpacks and installs', async () => {
    const functions = toFunctions(await parsePowerShell(readFileSync(builtPs1, 'utf8')));
    const steps = toCommandNames(functions.get('Install-Release')!);
    const order = [
      'Get-PinnedSum',
      'Find-SshKeygen',
      'Save-Download',
      'Assert-Signature',
      'Get-ExpectedSum',
      'Get-FileHash',
      'Expand-Archive',
      'Install-Binary',
      'Update-UserPath',
    ];
    const at = order.map((step) => steps.indexOf(step));
    expect(
      at.every((i) => i >= 0),
      `steps: ${steps.join(', ')}`,
    ).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // The archive always; SHA256SUMS and its signature only on the signature's path.
    expect(steps.filter((s) => s === 'Save-Download')).toHaveLength(3);
    expect(steps.lastIndexOf('Save-Download')).toBeLessThan(steps.indexOf('Assert-Signature'));
    // The signature is checked by ssh-keygen itself, with the key and namespace above.
    expect(toCommandNames(functions.get('Assert-Signature')!)).toEqual(expect.arrayContaining(['Invoke-WithStdin']));
    expect(functions.get('Assert-Signature')!.text).toContain(
      "@('-Y', 'verify', '-f', $allowedSigners, '-I', $SigningNamespace, '-n', $SigningNamespace, '-s', $SigPath)",
    );
  });
});

describe('the built /install', () => {
  const builtSh = join(DIST, 'install');
  // global-setup builds .test-dist unless WARDEN_SKIP_TEST_BUILD=1; then there is nothing to compare.
  it.skipIf(process.env.WARDEN_SKIP_TEST_BUILD === '1')('is exactly toInstaller(site, template, the release it was built with)', () => {
    expect(existsSync(builtSh), `${builtSh} was not built`).toBe(true);
    expect(built.release, '.test-dist pins the test release').toBeDefined();
    const script = readFileSync(builtSh, 'utf8');
    expect(script).toBe(toInstaller(built.site, template, built.release));
    // Every Unix archive of the release, as its SHA256SUMS lists it.
    for (const target of built.site.cli.targets.filter((t) => !t.startsWith('windows-'))) {
      const archive = `${built.site.cli.binary}-${target}.tar.gz`;
      expect(script).toContain(`${archive}=${built.release!.archives[archive]}`);
    }
  });
});
