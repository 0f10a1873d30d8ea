import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CS_ADHOC, CSMAGIC, CSSLOT, MachOError, readCodeSignature } from '../../cli/build/macho/read-code-signature.ts';
import { signAdHoc } from '../../cli/build/macho/sign-adhoc.ts';
import { verifyCodeSignature } from '../../cli/build/macho/verify-code-signature.ts';
import { BUN, getBunVersion } from '../../cli/build/compile-binary.ts';

// Real Bun-compiled darwin binaries are the evidence: Bun's darwin-x64 output is known to ship with wrong page hashes.
const BUN_VERSION = getBunVersion();
const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/macho-test/', import.meta.url));
const TARGETS = ['darwin-arm64', 'darwin-x64'] as const;
/** A tiny entry, and one past the 16 KiB `__BUN` section Bun's runtime reserves, so the payload moves `__LINKEDIT`. */
const ENTRIES = {
  small: 'console.log("warden mach-o test");\n',
  large: `const items = [\n${Array.from({ length: 3000 }, (_, i) => `  "item ${i} ${'x'.repeat(24)}",\n`).join('')}];\nconsole.log(items.length);\n`,
};
type Name = `${(typeof TARGETS)[number]}-${keyof typeof ENTRIES}`;
const PAGE = 4096;

const cachedFile = (target: string, entry: keyof typeof ENTRIES): string =>
  join(CACHE, `bun-${BUN_VERSION}-${target}-${entry}-${createHash('sha256').update(ENTRIES[entry]).digest('hex').slice(0, 12)}`);

/** Compiles whatever binary the cache lacks with the project's Bun (the release build's compiler). */
function ensureBinaries(): void {
  const missing = TARGETS.flatMap((target) =>
    (Object.keys(ENTRIES) as (keyof typeof ENTRIES)[]).map((entry) => ({ target, entry })),
  ).filter((b) => !existsSync(cachedFile(b.target, b.entry)));
  if (missing.length === 0) return;
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'macho-test-bun-'));
  try {
    const bun = BUN;
    for (const { target, entry } of missing) {
      const source = join(work, `${entry}.js`);
      writeFileSync(source, ENTRIES[entry]);
      const partial = join(work, `${target}-${entry}.out`);
      const result = spawnSync(bun, ['build', '--compile', `--target=bun-${target}`, '--outfile', partial, source], {
        cwd: work,
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`bun build --compile --target=bun-${target} failed:\n${result.stdout}\n${result.stderr}`);
      renameSync(partial, cachedFile(target, entry));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const loaded = new Map<Name, Uint8Array>();
/** A cached binary's bytes (a fresh copy is the caller's job before changing any). */
function binary(name: Name): Uint8Array {
  const [, target, entry] = /^(darwin-\w+)-(\w+)$/.exec(name)!;
  if (!loaded.has(name)) loaded.set(name, readFileSync(cachedFile(target!, entry as keyof typeof ENTRIES)));
  return loaded.get(name)!;
}

const signed = new Map<Name, Uint8Array>();
const signedBinary = (name: Name): Uint8Array => {
  if (!signed.has(name)) signed.set(name, signAdHoc(binary(name)));
  return signed.get(name)!;
};

const segment = (bytes: Uint8Array, name: string) => readCodeSignature(bytes).segments.find((s) => s.name === name)!;
const NAMES: Name[] = ['darwin-arm64-small', 'darwin-arm64-large', 'darwin-x64-small', 'darwin-x64-large'];

beforeAll(ensureBinaries);

describe('Bun-compiled darwin binaries as Bun writes them', () => {
  it.each(['darwin-arm64-small', 'darwin-arm64-large'] as const)('%s carries an ad-hoc signature that matches every page', (name) => {
    const bytes = binary(name);
    const sig = readCodeSignature(bytes);
    const result = verifyCodeSignature(bytes);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ ok: true, badPages: [], pages: Math.ceil(sig.dataoff / PAGE) });
    expect(result.identifier).not.toBe('');
    expect(sig.codeDirectories[0]!.flags & CS_ADHOC).toBe(CS_ADHOC);
  });

  it('darwin-x64 (tiny entry) keeps a non-ad-hoc signature whose header page and __BUN page no longer match', () => {
    const bytes = binary('darwin-x64-small');
    const result = verifyCodeSignature(bytes);
    const bun = segment(bytes, '__BUN');
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/is not ad-hoc/);
    expect(result.badPages).toContain(0);
    expect(result.badPages).toContain(bun.fileoff / PAGE);
    // Nothing but the load commands and Bun's payload changed.
    for (const page of result.badPages)
      expect(page === 0 || (page * PAGE >= bun.fileoff && page * PAGE < bun.fileoff + bun.filesize)).toBe(true);
    expect(result.problems.join('\n')).toMatch(new RegExp(`page 0, ${bun.fileoff / PAGE}\\b`));
  });

  it('darwin-x64 (large entry) signs a range that stops short of the signature, and every page from __BUN on is wrong', () => {
    const bytes = binary('darwin-x64-large');
    const sig = readCodeSignature(bytes);
    const result = verifyCodeSignature(bytes);
    const bun = segment(bytes, '__BUN');
    expect(sig.codeDirectories[0]!.codeLimit).toBeLessThan(sig.dataoff);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/signs bytes 0\.\.\d+, but the signature starts at \d+/);
    const firstBunPage = bun.fileoff / PAGE;
    expect(result.badPages).toEqual([0, ...Array.from({ length: result.pages - firstBunPage }, (_, i) => firstBunPage + i)]);
  });
});

describe('signAdHoc over real binaries', () => {
  it.each(NAMES)('%s verifies page by page after signing', (name) => {
    const out = signedBinary(name);
    const result = verifyCodeSignature(out);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ ok: true, badPages: [], pages: Math.ceil(readCodeSignature(out).dataoff / PAGE) });
  });

  it.each(['darwin-arm64-small', 'darwin-arm64-large'] as const)('%s was already right: its bytes come back unchanged', (name) => {
    expect(Buffer.compare(signedBinary(name), binary(name))).toBe(0);
  });

  it.each(['darwin-x64-small', 'darwin-x64-large'] as const)(
    '%s gets a fresh signature as codesign -s - writes it, the code bytes otherwise untouched',
    (name) => {
      const before = binary(name);
      const out = signedBinary(name);
      const sig = readCodeSignature(out);
      const old = readCodeSignature(before);
      const [cd] = sig.codeDirectories;
      expect(sig.blobs.map((b) => [b.type, b.magic, b.length])).toEqual([
        [CSSLOT.codeDirectory, CSMAGIC.codeDirectory, cd!.length],
        [CSSLOT.requirements, CSMAGIC.requirements, 12],
        [CSSLOT.signature, CSMAGIC.blobWrapper, 8],
      ]);
      const text = segment(out, '__TEXT');
      expect(cd).toMatchObject({
        version: 0x20400,
        flags: CS_ADHOC,
        hashType: 2,
        hashSize: 32,
        pageSize: 12,
        nSpecialSlots: 2,
        codeLimit: sig.dataoff,
        execSegBase: text.fileoff,
        execSegLimit: text.filesize,
        execSegFlags: 1,
      });
      expect(cd!.identifier).toBe(old.codeDirectories[0]!.identifier);
      const linkedit = segment(out, '__LINKEDIT');
      expect(sig.dataoff + sig.datasize).toBe(out.byteLength);
      expect(linkedit.fileoff + linkedit.filesize).toBe(out.byteLength);
      expect(linkedit.vmsize % 0x4000).toBe(0);
      expect(linkedit.vmsize).toBeGreaterThanOrEqual(linkedit.filesize);
      expect(sig.dataoff).toBe(old.dataoff);
      expect(Buffer.compare(out.subarray(PAGE, sig.dataoff), before.subarray(PAGE, sig.dataoff))).toBe(0);
    },
  );

  it.each(NAMES)('%s: signing is deterministic and idempotent', (name) => {
    const once = signedBinary(name);
    expect(Buffer.compare(signAdHoc(binary(name)), once)).toBe(0);
    expect(Buffer.compare(signAdHoc(once), once)).toBe(0);
  });
});

describe('a changed byte', () => {
  it("inside the signed range fails verification naming its page, and signAdHoc fixes only that page's hash", () => {
    const original = binary('darwin-arm64-small');
    const changed = new Uint8Array(original);
    const page = 1000;
    changed[page * PAGE + 123]! ^= 0xff;
    const result = verifyCodeSignature(changed);
    expect(result).toMatchObject({ ok: false, badPages: [page] });
    expect(result.problems.join('\n')).toMatch(/1 of \d+ page hashes differ from the file: page 1000$/m);
    const fixed = signAdHoc(changed);
    expect(verifyCodeSignature(fixed)).toMatchObject({ ok: true, badPages: [] });
    const [cd] = readCodeSignature(original).codeDirectories;
    const slot = cd!.offset + cd!.hashOffset + page * cd!.hashSize;
    const differing: number[] = [];
    for (let i = 0; i < fixed.byteLength; i++) if (fixed[i] !== original[i]) differing.push(i);
    expect(differing[0]).toBe(page * PAGE + 123);
    expect(differing.slice(1).every((i) => i >= slot && i < slot + cd!.hashSize)).toBe(true);
  });

  it("in a re-signed darwin-x64 binary's __BUN payload is found and fixed the same way", () => {
    const changed = new Uint8Array(signedBinary('darwin-x64-large'));
    const bun = segment(changed, '__BUN');
    changed[bun.fileoff + PAGE + 7]! ^= 0x01;
    expect(verifyCodeSignature(changed)).toMatchObject({ ok: false, badPages: [bun.fileoff / PAGE + 1] });
    expect(verifyCodeSignature(signAdHoc(changed))).toMatchObject({ ok: true, badPages: [] });
  });

  it('in the requirements blob breaks special slot -2', () => {
    const changed = new Uint8Array(signedBinary('darwin-x64-small'));
    const requirements = readCodeSignature(changed).requirements!;
    changed[requirements.offset + 11]! ^= 0x01;
    const result = verifyCodeSignature(changed);
    expect(result).toMatchObject({ ok: false, badPages: [] });
    expect(result.problems).toEqual(['CodeDirectory special slot -2 does not match the hash of its blob (0xfade0c01)']);
  });
});

describe('malformed input gives a clear MachOError, never a crash', () => {
  const cases: [string, () => Uint8Array, RegExp][] = [
    [
      'a truncated binary',
      () => binary('darwin-arm64-small').subarray(0, 40_000_000),
      /truncated: the code signature spans \d+\.\.\d+, the file has 40000000 bytes/,
    ],
    ['a file shorter than a Mach-O header', () => binary('darwin-arm64-small').subarray(0, 20), /shorter than a mach_header_64/],
    ['an ELF file', () => readFileSync('/bin/sh'), /not a Mach-O file: magic 0x464c457f/],
    ['a text file', () => new TextEncoder().encode('#!/bin/sh\necho hello\n'), /not a Mach-O file/],
    ['a universal binary', () => Uint8Array.from([0xca, 0xfe, 0xba, 0xbe, ...new Uint8Array(60)]), /universal \(fat\)/],
    ['a binary without LC_CODE_SIGNATURE', () => withCommand(binary('darwin-arm64-small'), 0x1d, 0x26), /no LC_CODE_SIGNATURE/],
    [
      'a signature that is not a SuperBlob',
      () => withSignatureByte(binary('darwin-arm64-small'), 0, 0x00),
      /not an embedded-signature SuperBlob/,
    ],
  ];

  it.each(cases)('%s', (_, input, message) => {
    const bytes = input();
    const result = verifyCodeSignature(bytes);
    expect(result).toMatchObject({ ok: false, pages: 0, badPages: [] });
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(message);
    expect(() => signAdHoc(bytes)).toThrow(MachOError);
    expect(() => signAdHoc(bytes)).toThrow(message);
  });

  it("random changes to the header and the signature's first bytes give results or MachOErrors only", () => {
    const original = binary('darwin-arm64-small');
    const { dataoff } = readCodeSignature(original);
    const prefix = original.subarray(0, 65_536);
    const where = fc.oneof(fc.integer({ min: 0, max: 2_600 }), fc.integer({ min: dataoff, max: dataoff + 160 }));
    const edits = fc.array(fc.tuple(where, fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 });
    const check = (bytes: Uint8Array): void => {
      expect(typeof verifyCodeSignature(bytes).ok).toBe('boolean');
      try {
        verifyCodeSignature(signAdHoc(bytes));
      } catch (error) {
        if (!(error instanceof MachOError)) throw error;
      }
    };
    // Whole files are hashed in full, so few runs; a 64 KiB prefix fails early, so many. A whole file is edited in
    // place and put back after each run (neither the verifier nor signAdHoc writes to what it is given), so no run
    // copies the 89 MB binary only to change four bytes of it.
    fc.assert(
      fc.property(edits, (e) => inPlace(original, e, check)),
      { numRuns: 12 },
    );
    expect(Buffer.compare(original, readFileSync(cachedFile('darwin-arm64', 'small')))).toBe(0);
    fc.assert(
      fc.property(edits, (e) =>
        check(
          edited(
            prefix,
            e.filter(([at]) => at < prefix.byteLength),
          ),
        ),
      ),
      { numRuns: 300 },
    );
  }, 240_000);
});

describe("an independent tool: LLVM's llvm-objcopy writes ad-hoc signatures (linker style) and llvm-objdump reads load commands", () => {
  it('the verifier accepts what llvm-objcopy signs, on both architectures', () => {
    const work = mkdtempSync(join(tmpdir(), 'macho-objcopy-'));
    try {
      for (const name of ['darwin-arm64-large', 'darwin-x64-large'] as const) {
        const out = join(work, name);
        execFileSync('llvm-objcopy', [cachedFile(name.replace(/-large$/, ''), 'large'), out]);
        const result = verifyCodeSignature(readFileSync(out));
        expect(result.problems).toEqual([]);
        expect(result).toMatchObject({ ok: true, badPages: [] });
        expect(result.pages).toBeGreaterThan(20_000);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('llvm-objdump reads the re-signed darwin-x64 load commands as the reader does', () => {
    const work = mkdtempSync(join(tmpdir(), 'macho-objdump-'));
    try {
      const file = join(work, 'x64');
      const out = signedBinary('darwin-x64-large');
      writeFileSync(file, out);
      const headers = execFileSync('llvm-objdump', ['--macho', '--private-headers', file], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      const sig = readCodeSignature(out);
      const linkedit = segment(out, '__LINKEDIT');
      expect(headers).toMatch(new RegExp(`cmd LC_CODE_SIGNATURE\\s+cmdsize 16\\s+dataoff ${sig.dataoff}\\s+datasize ${sig.datasize}\\b`));
      expect(headers).toMatch(
        new RegExp(
          `segname __LINKEDIT\\s+vmaddr 0x[0-9a-f]+\\s+vmsize 0x0*${linkedit.vmsize.toString(16)}\\s+fileoff ${linkedit.fileoff}\\s+filesize ${linkedit.filesize}\\b`,
        ),
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

/** A copy of `bytes` with the first load command `from` renamed `to` (both linkedit_data_commands, so the sizes still hold). */
function withCommand(bytes: Uint8Array, from: number, to: number): Uint8Array {
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  for (let at = 32, i = 0; i < view.getUint32(16, true); i++, at += view.getUint32(at + 4, true)) {
    if (view.getUint32(at, true) === from) {
      view.setUint32(at, to, true);
      return out;
    }
  }
  throw new Error(`no load command 0x${from.toString(16)}`);
}

/** A copy of `bytes` with one byte of the code signature set. */
function withSignatureByte(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out[readCodeSignature(bytes).dataoff + at] = value;
  return out;
}

/** Runs `run` over `bytes` with each `[offset, value]` written, then writes the old bytes back. */
function inPlace(bytes: Uint8Array, edits: [number, number][], run: (bytes: Uint8Array) => void): void {
  const old = edits.map(([at]) => [at, bytes[at]!] as [number, number]);
  try {
    for (const [at, value] of edits) bytes[at] = value;
    run(bytes);
  } finally {
    for (const [at, value] of old.reverse()) bytes[at] = value;
  }
}

/** A copy of `bytes` with each `[offset, value]` written. */
function edited(bytes: Uint8Array, edits: [number, number][]): Uint8Array {
  const out = new Uint8Array(bytes);
  for (const [at, value] of edits) out[at] = value;
  return out;
}
