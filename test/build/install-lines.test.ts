import { describe, expect, it } from 'vitest';
import { toUrl } from '../../facts/paths.ts';
import { getContentDir, readContent } from '../../content-model/read-content.ts';
import { BASE_URL, readTestContent } from '../helpers/built-site.ts';
import { readBuilt } from '../helpers/dist-files.ts';

// The HTML shows the install line of the reader's system; a markdown twin has no reader's system, so it carries
// both, each under its label and in a block of its own language.
const { cli } = (await readTestContent()).site;
const sh = `curl -fsSL ${toUrl(BASE_URL, cli.installer_path)} | sh`;
const powershell = `irm ${toUrl(BASE_URL, cli.installer_ps1_path)} | iex`;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelled = (label: string, lang: string, line: string) =>
  new RegExp(`\\*\\*${escapeRegExp(label)}\\*\\*\\n\\n\`\`\`${lang}\\n${escapeRegExp(line)}\\n`);

describe('install lines in the markdown twins', () => {
  it.each(['/index.md', '/docs/quick-start.md'])('%s carries both install lines, each labelled', (twin) => {
    const text = readBuilt(twin);
    expect(text).toMatch(labelled('macOS and Linux', 'sh', sh));
    expect(text).toMatch(labelled('Windows', 'powershell', powershell));
  });

  it('/docs/cli.md names both installers and the release key the binaries carry', () => {
    const text = readBuilt('/docs/cli.md');
    expect(text).toContain(sh);
    expect(text).toContain(powershell);
    // Written out on the page for checking a download by hand: it must be the key of content/site.yaml (the test
    // build's installers carry the test release's key instead, RELEASE_PUBLIC_KEY).
    const { release_signing_key: key } = readContent(getContentDir(), { BASE_URL }).site.cli;
    expect(text).toContain(key);
    expect(text).toContain(`echo "warden-release ${key}" > allowed_signers`);
  });
});
