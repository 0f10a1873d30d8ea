/**
 * The set-up's steps and how long each took, kept on globalThis: the global set-ups and the reporter run in vitest's
 * main process but may load this module as separate instances.
 */
interface Phase {
  name: string;
  seconds: number;
}

const KEY = Symbol.for('warden.test-phases');
const store = globalThis as unknown as { [KEY]?: Phase[] };

/** Runs one set-up step and records its wall time under `name` (also when it fails). */
export async function timePhase<T>(name: string, step: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    store[KEY] ??= [];
    store[KEY].push({ name, seconds: (performance.now() - started) / 1000 });
  }
}

/** Every step recorded so far, in the order they ended. */
export function readPhases(): readonly Phase[] {
  return store[KEY] ?? [];
}
