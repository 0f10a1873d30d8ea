import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toConfigDir } from '../../../../cli/core/config-dir.ts';
import { createCredentialStore } from '../../../../cli/core/credential-store.ts';

const roots: string[] = [];
const newDir = () => {
  const root = mkdtempSync(join(tmpdir(), 'warden-store-'));
  roots.push(root);
  return join(root, 'config', 'warden');
};
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const workload = {
  client_id: 'c1',
  client_secret: 's1',
  token_endpoint_auth_method: 'client_secret_basic' as const,
  registered_at: '2026-01-01T00:00:00.000Z',
};

describe('the credential store', () => {
  it('is $XDG_CONFIG_HOME/warden, else ~/.config/warden (a relative XDG_CONFIG_HOME is ignored)', () => {
    expect(toConfigDir({ XDG_CONFIG_HOME: '/x/cfg' }, '/home/u', 'warden')).toBe('/x/cfg/warden');
    expect(toConfigDir({}, '/home/u', 'warden')).toBe('/home/u/.config/warden');
    expect(toConfigDir({ XDG_CONFIG_HOME: 'cfg' }, '/home/u', 'warden')).toBe('/home/u/.config/warden');
  });

  it('is %APPDATA%\\warden on Windows (XDG variables do not apply there)', () => {
    expect(toConfigDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming', XDG_CONFIG_HOME: '/x' }, 'C:\\Users\\u', 'warden', 'win32')).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\warden',
    );
    expect(toConfigDir({}, 'C:\\Users\\u', 'warden', 'win32')).toBe('C:\\Users\\u\\AppData\\Roaming\\warden');
  });

  it('on Windows restricts a new folder with icacls, and stores nothing (no folder left) when that fails', async () => {
    // icacls does not exist here, so the restriction fails: the store must refuse rather than write in the open.
    const dir = newDir();
    const store = createCredentialStore(dir, 'win32', 'alice');
    await expect(
      store.update((f) => {
        f.issuers['https://as.example'] = { workload, tokens: {} };
      }),
    ).rejects.toMatchObject({
      code: 'ERR_LOOSE_PERMISSIONS',
      message: expect.stringContaining(`could not restrict ${dir} to your account (icacls failed)`),
    });
    expect(existsSync(dir)).toBe(false);
  });

  it('on Windows reads a file whatever its POSIX mode says (modes mean nothing there; the access list protects it)', async () => {
    const dir = newDir();
    await createCredentialStore(dir).update((f) => {
      f.issuers['https://as.example'] = { workload, tokens: {} };
    });
    chmodSync(join(dir, 'credentials.json'), 0o666);
    expect(createCredentialStore(dir, 'win32', 'alice').read().issuers['https://as.example']?.workload).toEqual(workload);
    expect(() => createCredentialStore(dir).read()).toThrow(/open to other users/);
  });

  it('reads as empty and creates nothing until the first write, which makes a 0700 folder and a 0600 file', async () => {
    const dir = newDir();
    const store = createCredentialStore(dir);
    expect(store.read()).toEqual({ version: 1, issuers: {} });
    expect(existsSync(dir)).toBe(false);
    await store.update((f) => {
      f.issuers['https://as.example'] = { workload, tokens: {} };
    });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['credentials.json']); // no temporary file, no lock left
    expect(createCredentialStore(dir).read().issuers['https://as.example']!.workload).toEqual(workload);
  });

  it('keeps services apart by issuer and writes nothing when a change throws', async () => {
    const store = createCredentialStore(newDir());
    await store.update((f) => {
      f.issuers.a = { workload, tokens: {} };
    });
    await store.update((f) => {
      f.issuers.b = { workload: { ...workload, client_id: 'c2' }, tokens: {} };
    });
    const before = readFileSync(store.file, 'utf8');
    await expect(
      store.update((f) => {
        delete f.issuers.a;
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(readFileSync(store.file, 'utf8')).toBe(before);
    expect(Object.keys(store.read().issuers)).toEqual(['a', 'b']);
  });

  it('serializes concurrent updates under its lock: none is lost', async () => {
    const store = createCredentialStore(newDir());
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.update(async (f) => {
          await new Promise((r) => setTimeout(r, 5));
          f.issuers[`as${i}`] = { workload, tokens: {} };
        }),
      ),
    );
    expect(Object.keys(store.read().issuers).sort()).toEqual(['as0', 'as1', 'as2', 'as3', 'as4', 'as5', 'as6', 'as7']);
  });

  it('refuses a file or folder others can read, saying the chmod that fixes it, and refuses a broken file', async () => {
    const dir = newDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, 'credentials.json');
    writeFileSync(file, '{"version":1,"issuers":{}}');
    chmodSync(file, 0o644);
    const store = createCredentialStore(dir);
    expect(() => store.read()).toThrow(`the credentials file ${file} has mode 0644, open to other users: run \`chmod 600 ${file}\``);
    await expect(store.update(() => {})).rejects.toMatchObject({ code: 'ERR_LOOSE_PERMISSIONS' });
    chmodSync(file, 0o600);
    chmodSync(dir, 0o755);
    expect(() => store.read()).toThrow(`run \`chmod 700 ${dir}\``);
    chmodSync(dir, 0o700);
    writeFileSync(file, '{not json');
    expect(() => store.read()).toThrow(expect.objectContaining({ code: 'ERR_BAD_CREDENTIALS' }));
  });
});
