import { readFileSync } from 'node:fs';

/** One rule of CONTRACT.md: its id, its whole text, and whether it was removed (its line kept so the id is never reused). */
export interface ContractRule {
  id: string;
  text: string;
  removed: boolean;
}

const RULE_START = /^(?:- \*\*([A-Z]+-\d+)\*\*|\| ([A-Z]+-\d+) \|)(.*)$/;

/** The rules of CONTRACT.md in the order it states them: list items `- **ID** …` (with their indented lines) and table rows `| ID | …`. */
export function getContractRules(path = 'CONTRACT.md'): ContractRule[] {
  const rules: ContractRule[] = [];
  let open: ContractRule | undefined;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const start = RULE_START.exec(line);
    if (start) {
      open = { id: (start[1] ?? start[2])!, text: start[3]!.trim(), removed: false };
      rules.push(open);
    } else if (open && line.startsWith('  ') && !line.startsWith('| ')) open.text += ` ${line.trim()}`;
    else open = undefined;
  }
  for (const rule of rules) rule.removed = rule.text.includes('*Removed*');
  return rules;
}

/** A pattern for any id of the contract's areas (`RPC-2`, `AUTH-4`), whether CONTRACT.md states it or not; `flags` as RegExp's. */
export function toContractIdPattern(rules: ContractRule[], flags = ''): RegExp {
  const areas = [...new Set(rules.map((r) => r.id.replace(/-\d+$/, '')))];
  return new RegExp(`\\b(?:${areas.join('|')})-\\d+\\b`, flags);
}
