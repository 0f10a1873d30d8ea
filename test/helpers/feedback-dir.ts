import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A store folder of its own for an edge a test starts (FEEDBACK_DATA_DIR): the edge writes its traffic counts there
 * even when no report is sent, so without one every test's edge would share the working copy's `.data/edge`.
 * Removed when the test process ends.
 */
export function makeFeedbackDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'warden-feedback-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
