/** Runs the cleanups once on SIGINT or SIGTERM, then exits. */
export function onShutdown(...cleanups: (() => Promise<void>)[]): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
