import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../../content-model/read-content.ts';
import { getContractRules, toContractIdPattern } from '../../helpers/contract-rules.ts';

// CONTRACT.md states the public interface, one rule a line with a stable id; code comments, tests and the verifier
// cite those ids. This file holds the four together: no citation of a rule that is not there, and no rule that
// nothing checks without saying why.
const SELF = 'test/unit/repo/contract.test.ts';
const RULES = getContractRules();
const IDS = new Set(RULES.map((r) => r.id));
const ID = toContractIdPattern(RULES, 'g');
const site = readContent(undefined, {}).site;

/** Every text file of the repository (tracked, or new and not ignored) but CONTRACT.md, with the ids it cites. */
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && f !== 'CONTRACT.md' && existsSync(f))
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
  .filter(({ text }) => !text.includes('\0'))
  .map(({ file, text }) => ({ file, text, ids: [...new Set(text.match(ID) ?? [])] }));

const idsIn = (files: typeof FILES) => new Set(files.flatMap((f) => f.ids));

/** Ids the verifier checks: each check names its rule as a string literal (`toResult('RPC-2', …)`, `id: 'DOC-1'`). */
const VERIFIED = new Set(
  FILES.filter((f) => /^(verify\/|scripts\/verify\/|scripts\/verify\.ts$)/.test(f.file)).flatMap((f) =>
    [...f.text.matchAll(new RegExp(`'(${ID.source})'`, 'g'))].map((m) => m[1]!),
  ),
);

/** Ids a test cites, in its name, its data or a comment beside it (helpers are not tests, and this file counts below). */
const TESTED = idsIn(FILES.filter((f) => f.file.startsWith('test/') && !f.file.startsWith('test/helpers/') && f.file !== SELF));

/** Facts about the business that no server answers: each is checked here against the content the site is built from. */
const CONTENT_FACTS: Record<string, () => void> = {
  'SERVICE-1': () => {
    for (const words of ['jail', 'review', 'human sign-off', 'audit trail', 'fleets', 'budgets', 'approvals', 'merge gates'])
      expect(site.product.description).toContain(words);
  },
  'SERVICE-2': () => {
    expect(site.product.not_a_model).toContain('not a coding model');
    expect(site.product.not_a_model).toContain('third-party coding-agent harnesses');
  },
  'SERVICE-4': () => expect(site.free_tier).toMatchObject({ payment_card_required: false, sales_contact_required: false }),
  'SERVICE-5': () => expect(site.demo_sandbox.account_required).toBe(false),
  'SERVICE-6': () => {
    expect(site.cli.installer_path).toBe('/install');
    expect(site.cli.release_archive).toMatch(/^https:\/\//);
    // The only registry this repository could publish to is npm's, and a private package cannot be published.
    expect(JSON.parse(readFileSync('package.json', 'utf8')).private).toBe(true);
  },
  'LIMIT-1': () => {
    const stated = Number(/(\d+) hosted starts/.exec(RULES.find((r) => r.id === 'LIMIT-1')!.text)![1]);
    expect(site.free_tier.hosted_starts).toBe(stated);
    expect(readFileSync('content/docs/limits.md', 'utf8')).toContain(`| Free tier hosted starts | ${stated} |`);
  },
};

/**
 * Rules that neither the verifier nor a test can check, because they promise nothing a client could observe: the
 * contract leaves the matter to the implementation (the test below checks that the place it names exists) or says
 * that something is not there.
 */
const NOTHING_TO_CHECK = new Set([
  'DOC-7', // internal fields of the documents: left to the implementation
  'DOC-8', // no states or transitions are shown
  'ENDPOINT-15', // other answer bodies and REST endpoints: left to the implementation
  'AUTH-8', // Lessons scope names, endpoint addresses, token lifetimes: left to the implementation
  'EVENT-2', // inbound webhooks: left to the implementation
  'EVENT-3', // no other events are shown
  'PROBLEM-3', // other error codes and statuses: left to the implementation
  'LIMIT-2', // other limits: left to the implementation
  'VERSION-4', // deprecation and compatibility: left to the implementation
]);

describe('CONTRACT.md', () => {
  it('states each rule once, each area numbered 1, 2, 3 … in order (a removed rule keeps its line and its number)', () => {
    expect(RULES.length).toBeGreaterThan(40);
    const byArea = new Map<string, number[]>();
    for (const { id } of RULES) {
      const [area, n] = [id.replace(/-\d+$/, ''), Number(id.replace(/^.*-/, ''))];
      byArea.set(area, [...(byArea.get(area) ?? []), n]);
    }
    for (const [area, numbers] of byArea) expect(numbers, area).toEqual(numbers.map((_, i) => i + 1));
  });

  it('names only places that exist in the repository', () => {
    const folders = readdirSync('.').filter((f) => !f.startsWith('.'));
    const named = [...readFileSync('CONTRACT.md', 'utf8').matchAll(/`([^`\s{}]+)`/g)]
      .map((m) => m[1]!)
      .filter((p) => folders.includes(p.split('/')[0]!) && p.includes('/'));
    expect(named).toContain('content/docs/limits.md');
    expect(named.filter((p) => !existsSync(p))).toEqual([]);
  });
});

describe('citations of the contract', () => {
  it('every id cited anywhere in the repository is a rule of CONTRACT.md, and none is a removed one', () => {
    const removed = new Set(RULES.filter((r) => r.removed).map((r) => r.id));
    const offenders = FILES.flatMap((f) => f.ids.filter((id) => !IDS.has(id) || removed.has(id)).map((id) => `${f.file}: ${id}`));
    expect(offenders).toEqual([]);
  });

  it('no file cites the contract by section number any more', () => {
    const offenders = FILES.filter((f) => /\bcontract §|\bContract §/.test(f.text) && f.file !== SELF).map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it('the verifier checks rules of CONTRACT.md only, and tests cite it', () => {
    expect([...VERIFIED].filter((id) => !IDS.has(id))).toEqual([]);
    expect(VERIFIED).toContain('RPC-2');
    expect(TESTED).toContain('RPC-2');
  });

  it('every rule is checked by the verifier, cited by a test or checked against content here, or says why not', () => {
    const unchecked = RULES.filter((r) => !r.removed && !VERIFIED.has(r.id) && !TESTED.has(r.id) && !(r.id in CONTENT_FACTS));
    expect(unchecked.map((r) => r.id).filter((id) => !NOTHING_TO_CHECK.has(id))).toEqual([]);
  });

  it('a rule on the list of those with nothing to check leaves its matter to the implementation or says it is absent', () => {
    for (const id of NOTHING_TO_CHECK) {
      const rule = RULES.find((r) => r.id === id);
      expect(rule?.text, id).toMatch(/left to the implementation|shows no/);
      expect(VERIFIED.has(id) || TESTED.has(id), `${id} is checked now: take it off the list`).toBe(false);
    }
  });

  it.each(Object.keys(CONTENT_FACTS))('%s holds in the content', (id) => {
    expect(IDS).toContain(id);
    CONTENT_FACTS[id]!();
  });
});

describe('the public pages', () => {
  // The contract is an engineering document: what the site publishes speaks of Warden, not of it.
  const pages = FILES.filter((f) => /^content\/.*\.mdx?$/.test(f.file));

  it('cite no contract id, in their text or in the content data they are built from', () => {
    expect(pages.map((p) => p.file)).toContain('content/docs/limits.md');
    expect(pages.filter((p) => p.ids.length > 0 || p.text.includes('CONTRACT.md')).map((p) => `${p.file}: ${p.ids}`)).toEqual([]);
    expect(JSON.stringify(readContent(undefined, {})).match(ID)).toBeNull();
  });
});
