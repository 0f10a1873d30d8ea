import type { Reporter, TestModule } from 'vitest/node';
import { readPhases } from './phase-timer.ts';

/** How many of the slowest test files the summary names. */
const SLOWEST = 15;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Ends the run with where its time went (each set-up step, the slowest test files, each project's total) and then one
 * plain line, "N passed, N failed, N skipped", which any CI log reader understands (vitest's own summary is
 * colourised and split over columns).
 */
export default class SummaryReporter implements Reporter {
  private started = performance.now();

  onInit(): void {
    this.started = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    const files: Array<{ name: string; ms: number }> = [];
    const projects = new Map<string, number>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') count.passed++;
        else if (state === 'failed') count.failed++;
        else count.skipped++;
      }
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
    process.stdout.write(`${lines.join('\n')}\n\n${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`);
  }
}
