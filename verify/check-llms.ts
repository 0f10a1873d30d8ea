import { LLMS_TXT_MAX_CHARS } from '../documents/to-llms-txt.ts';
import { checkStatusAndType, toEvidence, toResult, type Probe, type RuleResult } from './rule-result.ts';

/** The section files a root llms.txt links under `## Sections` (a site split into path-scoped llms.txt files). */
export function toSectionUrls(llms: string): string[] {
  const block = /^## Sections\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(llms)?.[1] ?? '';
  return [...block.matchAll(/^- \[[^\]]*\]\((https?:\/\/[^)\s]+)\)/gm)].map((m) => m[1]!);
}

/** Problems of one llms.txt text: its H1 title, that it names addresses, and the size budget agents rely on. */
export function checkLlmsText(text: string): string[] {
  const problems: string[] = [];
  if (!/^# \S/.test(text)) problems.push('does not start with a "# " title');
  if (!/\]\(https?:\/\//.test(text)) problems.push('names no addresses');
  if (text.length > LLMS_TXT_MAX_CHARS) problems.push(`${text.length} characters, over ${LLMS_TXT_MAX_CHARS}`);
  return problems;
}

/** Contract ENDPOINT-12 on a split site: each section llms.txt answers as text, within the same budget as the root. */
export function checkLlmsSections(sections: Probe[]): RuleResult {
  const rule = 'llms.txt sections: each section file is text within 50,000 characters';
  if (sections.length === 0) return toResult('ENDPOINT-12', rule, [], 'one llms.txt, no sections');
  const problems = sections.flatMap((p) =>
    [...checkStatusAndType(p, 200, ['text/plain', 'text/markdown']), ...(p.status === 200 ? checkLlmsText(p.text) : [])].map(
      (m) => `${new URL(p.url).pathname}: ${m}`,
    ),
  );
  const largest = Math.max(...sections.map((p) => p.text.length));
  return toResult(
    'ENDPOINT-12',
    rule,
    problems,
    `${sections.length} section files, largest ${largest} characters; first ${toEvidence(sections[0]!)}`,
  );
}
