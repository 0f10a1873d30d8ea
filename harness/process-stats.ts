import { readFileSync } from 'node:fs';

/** Resident memory of a process in MiB (Linux /proc/<pid>/status VmRSS). */
export function getRssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** CPU time a process has used so far, user + system, in seconds (Linux /proc/<pid>/stat utime + stime). */
export function getCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; fields after its closing parenthesis are space-separated.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return ticks / 100; // USER_HZ is 100 on Linux
}
