import { spawnSync } from 'node:child_process';

/** CPU numbers of a Linux CPU list ("0-2,5" → [0, 1, 2, 5]). */
function parseCpuList(list: string): number[] {
  return list
    .trim()
    .split(',')
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Number.isInteger(from) && Number.isInteger(to) ? Array.from({ length: to! - from! + 1 }, (_, i) => from! + i) : [];
    });
}

/** The CPUs a process may run on, from `taskset`; undefined without it. */
function readAffinity(pid: number): number[] | undefined {
  const result = spawnSync('taskset', ['-p', '-c', String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) return undefined;
  return parseCpuList(/list:\s*(\S+)/.exec(result.stdout)?.[1] ?? '');
}

/** Sets the CPUs of a process and all its threads; taskset's complaint when it could not. */
function trySetAffinity(pid: number, cpus: number[]): string | undefined {
  const result = spawnSync('taskset', ['-a', '-p', '-c', cpus.join(','), String(pid)], { encoding: 'utf8' });
  return result.status === 0 ? undefined : result.stderr.trim();
}

/** Sets the CPUs of a process and all its threads, or throws. */
function setAffinity(pid: number, cpus: number[]): void {
  const failure = trySetAffinity(pid, cpus);
  if (failure !== undefined) throw new Error(`taskset could not place process ${pid} on CPU ${cpus.join(',')}: ${failure}`);
}

/** Where a measurement ran, and how to undo it. */
export interface Placement {
  /** One sentence for the report. */
  said: string;
  restore(): void;
}

/**
 * Gives the measured servers a CPU of their own: they go on the last CPU this process may use, and this process (so
 * every wrk it starts later) and the load side (the upstream stand-in) on the others. On a shared two-core machine a
 * server that shares its core with the load generator pays for the other's scheduling and cache in its own CPU
 * time, unevenly from run to run (BENCHMARKS.md, notes). Each measured server is loaded alone, so that CPU is
 * theirs in turn. Without `taskset` or a second CPU nothing moves, and the sentence says so.
 */
export function placeForMeasuring(measured: number[], loadSide: number[]): Placement {
  const cpus = readAffinity(process.pid);
  if (!cpus || cpus.length < 2) return { said: 'Processes were not placed on CPUs (taskset or a second CPU missing).', restore: () => {} };
  const serverCpu = cpus[cpus.length - 1]!;
  const loadCpus = cpus.slice(0, -1);
  for (const pid of measured) setAffinity(pid, [serverCpu]);
  for (const pid of [process.pid, ...loadSide]) setAffinity(pid, loadCpus);
  return {
    said: `Each measured server ran on CPU ${serverCpu}, wrk, the upstream and the bench on CPU ${loadCpus.join(',')} (taskset).`,
    // The bench and the load side (which may serve later sections) get all their CPUs back.
    restore: () => {
      setAffinity(process.pid, cpus);
      // A load-side process that has already exited has nothing to restore.
      for (const pid of loadSide) trySetAffinity(pid, cpus);
    },
  };
}
