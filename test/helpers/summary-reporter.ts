import { existsSync, readFileSync } from 'node:fs';
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';
import { readPhases } from './phase-timer.ts';

/** How many of the slowest test files the summary names. */
const SLOWEST = 15;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The machine's CPU time so far, busy and idle, in clock ticks of all cores (the `cpu` line of Linux's /proc/stat:
 * user, nice, system, idle, iowait, irq, softirq, steal); undefined elsewhere.
 */
function readCpuTicks(): { busy: number; idle: number } | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

/**
 * Ends the run with where its time went (each set-up step, the slowest test files, each project's total) and then one
 * plain line, "N passed, N failed, N skipped", which any CI log reader understands (vitest's own summary is
 * colourised and split over columns). A file that failed outside its tests (its import or a beforeAll threw: vitest
 * then reports its tests as skipped) and an error no test caught are named on that line too, so it never reads as a
 * clean run when the run failed.
 */
export default class SummaryReporter implements Reporter {
  private started = performance.now();
  private cpu = readCpuTicks();

  onInit(): void {
    this.started = performance.now();
    this.cpu = readCpuTicks();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    let brokenFiles = 0;
    const files: Array<{ name: string; ms: number }> = [];
    const projects = new Map<string, number>();
    for (const module of testModules) {
      const failedBefore = count.failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') count.passed++;
        else if (state === 'failed') count.failed++;
        else count.skipped++;
      }
      if (module.state() === 'failed' && count.failed === failedBefore) brokenFiles++;
      const d = module.diagnostic();
      const ms = d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      const project = module.project.name || 'default';
      files.push({ name: `${project} ${module.moduleId.replace(`${process.cwd()}/`, '')}`, ms });
      projects.set(project, (projects.get(project) ?? 0) + ms);
    }
    const lines = ['', 'Where the time went:'];
    for (const phase of readPhases()) lines.push(`  set-up  ${phase.name}: ${phase.seconds.toFixed(1)} s`);
    for (const [project, ms] of projects) lines.push(`  project ${project}: ${seconds(ms)} in test files (summed over workers)`);
    lines.push(`  slowest test files:`);
    for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) lines.push(`    ${seconds(file.ms).padStart(8)}  ${file.name}`);
    lines.push(`  the whole run: ${seconds(performance.now() - this.started)}`);
    // Whether more of the suite could run at once: a run whose cores were nearly always busy is shortened only by
    // making its work smaller.
    const now = readCpuTicks();
    if (this.cpu && now) {
      const busy = now.busy - this.cpu.busy;
      const share = busy / (busy + now.idle - this.cpu.idle);
      lines.push(`  the machine's cores were busy ${(share * 100).toFixed(0)}% of it (anything else running on it included)`);
    }
    const outside = [
      ...(brokenFiles ? [brokenFiles === 1 ? '1 file failed outside its tests' : `${brokenFiles} files failed outside their tests`] : []),
      ...(unhandledErrors.length ? [`${unhandledErrors.length} unhandled ${unhandledErrors.length === 1 ? 'error' : 'errors'}`] : []),
    ];
    const summary = [`${count.passed} passed`, `${count.failed} failed`, `${count.skipped} skipped`, ...outside].join(', ');
    process.stdout.write(`${lines.join('\n')}\n\n${summary}\n`);
  }
}
