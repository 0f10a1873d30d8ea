import type { RuleResult } from './rule-result.ts';

const MARK = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

/** Renders results as a plain-text table: rule id, what was checked, outcome, evidence (wrapped to the terminal width). */
export function formatTable(results: RuleResult[], width = 160): string {
  const idWidth = Math.max(...results.map((r) => r.id.length), 2);
  const ruleWidth = Math.min(70, Math.max(...results.map((r) => r.rule.length), 4));
  const indent = idWidth + ruleWidth + 12;
  const evidenceWidth = Math.max(40, width - indent);
  const lines = [
    `${'ID'.padEnd(idWidth)}  ${'RULE'.padEnd(ruleWidth)}  RESULT  EVIDENCE`,
    `${'-'.repeat(idWidth)}  ${'-'.repeat(ruleWidth)}  ------  ${'-'.repeat(8)}`,
  ];
  for (const r of results) {
    const chunks = r.evidence.match(new RegExp(`.{1,${evidenceWidth}}`, 'g')) ?? [''];
    lines.push(`${r.id.padEnd(idWidth)}  ${r.rule.slice(0, ruleWidth).padEnd(ruleWidth)}  ${MARK[r.outcome]}    ${chunks[0]}`);
    for (const chunk of chunks.slice(1)) lines.push(`${''.padEnd(indent)}${chunk}`);
  }
  return lines.join('\n');
}

/** One summary line: counts of each outcome. */
export function formatSummary(results: RuleResult[]): string {
  const count = (o: RuleResult['outcome']) => results.filter((r) => r.outcome === o).length;
  return `${results.length} rules: ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`;
}
