import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { toReleaseNamespace } from '../../runtime/release/ssh-signature.ts';
import { onMachine, prepareMachineFakes } from '../helpers/installers/fake-machine.ts';
import { getLocalSigningKey } from '../../runtime/node/signing-key.ts';
import {
  BINARY,
  freshHome,
  getWardenBinary,
  HOST_TARGET,
  run,
  TEST_RELEASE_DIR,
  TEST_SITE,
  toArchivePath,
} from '../helpers/cli/warden-binary.ts';

// `warden self update` against a copy of the real release folder served over loopback: a good release
// installs; a tampered archive, tampered sums, or both replaced together (signed by another key) are refused,
// and the installed binary stays as it was.
const work = mkdtempSync(join(tmpdir(), 'warden-update-'));
const archiveDir = join(work, 'archive');
let server: Server;
let archiveUrl: string;
const home = freshHome();
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** The host's target with AVX2 taken as absent, or as present: the variant a machine with the other answer runs. */
const OTHER_VARIANT = HOST_TARGET.endsWith('-baseline') ? HOST_TARGET.replace(/-baseline$/, '') : `${HOST_TARGET}-baseline`;

beforeAll(async () => {
  // The archives of the host's target and its other variant (-baseline, or not), SHA256SUMS and its signature, in both
  // layouts (the other targets' archives are not needed).
  for (const folder of [join('download', `v${TEST_SITE.product.version}`), join('latest', 'download')]) {
    mkdirSync(join(archiveDir, folder), { recursive: true });
    for (const file of [`${BINARY}-${HOST_TARGET}.tar.gz`, `${BINARY}-${OTHER_VARIANT}.tar.gz`, 'SHA256SUMS', 'SHA256SUMS.sig'])
      copyFileSync(join(TEST_RELEASE_DIR, folder, file), join(archiveDir, folder, file));
  }
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.startsWith('/tampered-') ? join(work, path) : join(archiveDir, path);
    if (!file.startsWith(work) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  archiveUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
  rmSync(work, { recursive: true, force: true });
  home.remove();
});

/** A fresh copy of the binary in its own folder, as the installer leaves it. */
function install(): string {
  const dir = mkdtempSync(join(work, 'bin-'));
  copyFileSync(getWardenBinary(), join(dir, BINARY));
  return join(dir, BINARY);
}

describe('warden self update', () => {
  it('replaces itself with the release it verified, atomically (nothing left beside it)', async () => {
    const installed = install();
    const result = await run(installed, ['self', 'update'], { env: { ...home.env, WARDEN_DOWNLOAD_URL: archiveUrl }, timeoutMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`Updated ${installed}: ${BINARY} ${TEST_SITE.product.version} → ${BINARY} ${TEST_SITE.product.version}\n`);
    expect(readdirSync(join(installed, '..'))).toEqual([BINARY]);
    expect((await run(installed, ['--version'], { env: home.env })).stdout).toBe(`${BINARY} ${TEST_SITE.product.version}\n`);
  });

  it('--version takes the pinned folder; a version that does not exist fails with the address it tried', async () => {
    const installed = install();
    const pinned = await run(installed, ['self', 'update', '--version', TEST_SITE.product.version], {
      env: { ...home.env, WARDEN_DOWNLOAD_URL: archiveUrl },
      timeoutMs: 60_000,
    });
    expect(pinned.code, pinned.stderr).toBe(0);
    const missing = await run(installed, ['self', 'update', '--version', '0.0.1'], {
      env: { ...home.env, WARDEN_DOWNLOAD_URL: archiveUrl },
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `\nwarden: error: download failed: ${archiveUrl}/download/v0.0.1/${BINARY}-${HOST_TARGET}.tar.gz answered HTTP 404 (ERR_DOWNLOAD)\n`,
    );
  });

  it('refuses a tampered archive and leaves the installed binary in place', async () => {
    const installed = install();
    const before = sha(installed);
    const archive = toArchivePath(archiveDir).replace(join('download', `v${TEST_SITE.product.version}`), join('latest', 'download'));
    rmSync(archive);
    writeFileSync(archive, Buffer.concat([readFileSync(toArchivePath(archiveDir)), Buffer.from('evil')]));
    const result = await run(installed, ['self', 'update'], { env: { ...home.env, WARDEN_DOWNLOAD_URL: archiveUrl } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `warden: error: checksum mismatch for ${BINARY}-${HOST_TARGET}\\.tar\\.gz \\(expected [0-9a-f]{64}, got [0-9a-f]{64}\\): refusing to update \\(ERR_CHECKSUM_MISMATCH\\)\\n$`,
      ),
    );
    expect(sha(installed)).toBe(before);
    expect(readdirSync(join(installed, '..'))).toEqual([BINARY]);
  });

  it.each(['sums', 'both', 'unsigned'] as const)(
    'refuses a release whose SHA256SUMS is not signed by the release key (%s)',
    async (tamper) => {
      const installed = install();
      const before = sha(installed);
      const folder = join(work, `tampered-${tamper}`);
      cpSync(archiveDir, folder, { recursive: true, dereference: true });
      const latest = join(folder, 'latest', 'download');
      const archive = join(latest, `${BINARY}-${HOST_TARGET}.tar.gz`);
      if (tamper === 'sums') writeFileSync(join(latest, 'SHA256SUMS'), `${'0'.repeat(64)}  ${BINARY}-${HOST_TARGET}.tar.gz\n`);
      if (tamper === 'both') {
        // A whole new archive with its true checksum, signed by a key that is not the release key.
        writeFileSync(archive, Buffer.concat([readFileSync(archive), Buffer.from('evil')]));
        const sums = `${sha(archive)}  ${BINARY}-${HOST_TARGET}.tar.gz\n`;
        writeFileSync(join(latest, 'SHA256SUMS'), sums);
        const attacker = getLocalSigningKey(resolve('.test-dist-cli/attacker-signing-key.pem'));
        writeFileSync(join(latest, 'SHA256SUMS.sig'), attacker.sign(Buffer.from(sums), toReleaseNamespace(BINARY)));
      }
      if (tamper === 'unsigned') rmSync(join(latest, 'SHA256SUMS.sig'));
      const url = `${archiveUrl}/tampered-${tamper}`;
      const result = await run(installed, ['self', 'update'], { env: { ...home.env, WARDEN_DOWNLOAD_URL: url } });
      expect(result.code).toBe(1);
      expect(result.stderr.split('\n').filter((l) => l.startsWith(`${BINARY}: error`))).toEqual([
        tamper === 'unsigned'
          ? `${BINARY}: error: download failed: ${url}/latest/download/SHA256SUMS.sig answered HTTP 404 (ERR_DOWNLOAD)`
          : `${BINARY}: error: the signature of ${url}/latest/download/SHA256SUMS does not verify with the release key: refusing to update (ERR_BAD_SIGNATURE)`,
      ]);
      expect(sha(installed)).toBe(before);
      expect(readdirSync(join(installed, '..'))).toEqual([BINARY]);
    },
  );

  it.runIf(HOST_TARGET.startsWith('linux-x64'))(
    'picks the build the installer picks: the other AVX2 variant on a CPU that says the other thing (bind-mounted /proc/cpuinfo)',
    async () => {
      const installed = install();
      const fakes = prepareMachineFakes(join(work, 'machine'));
      const [command, args] = onMachine(fakes, { avx2: !OTHER_VARIANT.endsWith('-baseline') }, installed, ['self', 'update']);
      const result = await run(command, args, { env: { ...home.env, WARDEN_DOWNLOAD_URL: archiveUrl }, timeoutMs: 60_000 });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(`(latest, ${OTHER_VARIANT})`);
      // The binary now in place is the other variant's, byte for byte.
      const unpacked = mkdtempSync(join(work, 'other-'));
      execFileSync('tar', ['-xzf', join(archiveDir, 'latest', 'download', `${BINARY}-${OTHER_VARIANT}.tar.gz`), '-C', unpacked]);
      expect(sha(installed)).toBe(sha(join(unpacked, BINARY)));
      // WARDEN_TARGET names the build instead, as it does for the installer (from the pinned folder: an earlier test
      // tampered with latest/'s archive of the host's target).
      const forced = await run(installed, ['self', 'update', '--version', TEST_SITE.product.version], {
        env: { ...home.env, WARDEN_DOWNLOAD_URL: archiveUrl, WARDEN_TARGET: HOST_TARGET },
        timeoutMs: 60_000,
      });
      expect(forced.code, forced.stderr).toBe(0);
      expect(sha(installed)).toBe(sha(getWardenBinary()));
    },
  );
});
