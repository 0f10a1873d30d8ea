import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository is formatted and linted by Biome (biome.json), and `npm test` runs its check so neither drifts.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('formatting and lint', () => {
  it('biome ci finds nothing: no error, warning or info', () => {
    // The GitHub reporter writes one line per finding and nothing else: the exit code alone lets warnings and infos pass.
    const args = ['ci', '.', '--colors=off', '--reporter=github', '--max-diagnostics=none'];
    const biome = spawnSync(join(ROOT, 'node_modules/.bin/biome'), args, { cwd: ROOT, encoding: 'utf8' });
    expect(biome.error).toBeUndefined();
    const hint = 'Biome findings (npx biome ci . shows each in full; npm run format applies the formatting and the safe fixes)';
    expect(biome.stdout.trim(), hint).toBe('');
    expect(biome.status, `${biome.stdout}${biome.stderr}`).toBe(0);
  }, 60_000);
});
