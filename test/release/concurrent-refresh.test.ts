import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOverHttp } from '../helpers/http-sign-in.ts';
import { readCredentials } from '../helpers/cli/credentials-file.ts';
import { startLocalSystem, type LocalSystem } from '../helpers/cli/local-system.ts';
import { spawnLogin } from '../helpers/cli/spawn-login.ts';
import { freshHome, getWardenBinary, run, TEST_RELEASE_DIR } from '../helpers/cli/warden-binary.ts';

// Refresh tokens rotate on every use, and a spent one presented again revokes the whole login (reuse
// detection), so warden processes renewing at the same moment take turns under the credentials lock. Whether
// their renewals really overlap depends on timing; the lock itself is tested in core/credential-store.test.ts.
const home = freshHome();
let system: LocalSystem;
const warden = getWardenBinary();
const TTL = 2;
const env = () => ({ ...home.env, WARDEN_BASE_URL: system.baseUrl });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  system = await startLocalSystem({ releaseDir: TEST_RELEASE_DIR, accessTokenTtl: TTL });
  const login = spawnLogin(warden, ['--no-browser'], env());
  const [, url] = await login.waitFor(/^ {2}(http\S+)$/m);
  await fetch(await signInOverHttp(url!));
  expect(await login.exit, login.stderr()).toBe(0);
});
afterAll(async () => {
  await system?.close();
  home.remove();
});

describe('concurrent renewals of one login', () => {
  it('four processes renewing an expired token at once all succeed, and the login survives', async () => {
    const refreshToken = () => Object.values(readCredentials(home.configDir)!.issuers)[0]!.login!.refresh_token;
    const first = refreshToken();
    await wait(TTL * 1000 + 300);
    const launched = Date.now();
    const results = await Promise.all(Array.from({ length: 4 }, () => run(warden, ['auth', 'token'], { env: env() })));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    // The refresh token rotated, and no renewal spent a token another had already spent (which would revoke the
    // login). How many renewals ran depends on how the four processes' start-ups overlap, so it is not counted.
    expect(refreshToken()).not.toBe(first);
    for (const r of results) {
      // Each printed a token renewed after the old one expired, never the expired one.
      const { exp } = JSON.parse(Buffer.from(r.stdout.trim().split('.')[1]!, 'base64url').toString()) as { exp: number };
      expect(exp * 1000).toBeGreaterThan(launched);
    }
    await wait(TTL * 1000 + 300);
    const later = await run(warden, ['auth', 'token'], { env: env() });
    expect(later.code, later.stderr).toBe(0);
  });
});
