import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/read-content.ts';
import { toInstaller } from '../../src/lib/to-installer.ts';
import { APP_URL, BASE_URL, DIST } from '../helpers/built-site.ts';

const template = readFileSync(resolve('src/installer/install.sh'), 'utf8');
const { site } = readContent(undefined, { BASE_URL, APP_URL });

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

  it('refuses a fact that could break out of its shell string, naming the field', () => {
    const evil = { ...site, product: { ...site.product, name: 'Warden"; rm -rf ~; "' } };
    expect(() => toInstaller(evil, template)).toThrow(/product\.name .* unsafe in a shell string/);
    const dollar = { ...site, cli: { ...site.cli, install_dir_default: '$(id)/bin' } };
    expect(() => toInstaller(dollar, template)).toThrow(/cli\.install_dir_default/);
  });
});

describe('the built /install', () => {
  const built = join(DIST, 'install');
  // global-setup builds .test-dist unless WARDEN_SKIP_TEST_BUILD=1; then there is nothing to compare.
  it.skipIf(process.env.WARDEN_SKIP_TEST_BUILD === '1')('is exactly toInstaller(site, template)', () => {
    expect(existsSync(built), `${built} was not built`).toBe(true);
    expect(readFileSync(built, 'utf8')).toBe(toInstaller(site, template));
  });
});
