import { createHash } from 'node:crypto';
import {
  CODE_DIRECTORY_MIN_HEADER,
  CS_ADHOC,
  CSSLOT,
  MachOError,
  readCodeSignature,
  type CodeDirectory,
  type CodeSignature,
} from './read-code-signature.ts';

// What the kernel checks of an embedded signature: Apple xnu `bsd/kern/ubc_subr.c` (cs_validate_csblob, cs_validate_codedirectory) over `osfmk/kern/cs_blobs.h`.

/** Node digest names and lengths of the CodeDirectory hash types (cs_blobs.h, CS_HASHTYPE_*). */
const HASH_TYPES: Record<number, { name: string; algorithm: string; length: number }> = {
  1: { name: 'SHA-1', algorithm: 'sha1', length: 20 },
  2: { name: 'SHA-256', algorithm: 'sha256', length: 32 },
  3: { name: 'SHA-256 truncated', algorithm: 'sha256', length: 20 },
  4: { name: 'SHA-384', algorithm: 'sha384', length: 48 },
};

/** The page sizes (log2) the kernel accepts: 4 KiB up to its own 16 KiB pages. */
const PAGE_SHIFT_MIN = 12;
const PAGE_SHIFT_MAX = 14;

/** Special slots that bind blobs of the SuperBlob itself (cs_blobs.h: requirements, entitlements, DER entitlements, launch constraints); the others name files beside a bundle. */
const BLOB_SLOTS = [2, 5, 7, 8, 9, 10, 11];

/** How many bad pages a problem line names before it only counts them. */
const PAGES_NAMED = 10;

/** One CodeDirectory's result: which hash it uses, how many pages it covers, which of them hash wrong. */
export interface CodeDirectoryCheck {
  slot: number;
  hash: string;
  pages: number;
  badPages: number[];
}

/** The outcome of checking a Mach-O's embedded ad-hoc signature against its bytes. */
export interface VerifyResult {
  ok: boolean;
  problems: string[];
  /** Code pages of the primary CodeDirectory (0 when none could be read). */
  pages: number;
  /** Pages whose stored hash differs from the file's, in any CodeDirectory, ascending. */
  badPages: number[];
  identifier?: string;
  codeDirectories: CodeDirectoryCheck[];
}

/** The bytes one page hash covers: a log2 `pageSize` of 0 means one page over the whole range. */
export function pageBytes(cd: Pick<CodeDirectory, 'pageSize' | 'codeLimit'>): number {
  return cd.pageSize === 0 ? Math.max(cd.codeLimit, 1) : 2 ** cd.pageSize;
}

/** The digest a CodeDirectory of `hashType` stores for `data`, truncated to `hashSize` as the kernel compares it. */
export function slotHash(hashType: number, hashSize: number, data: Uint8Array): Uint8Array {
  const type = HASH_TYPES[hashType];
  if (!type) throw new MachOError(`unknown CodeDirectory hash type ${hashType}`);
  return createHash(type.algorithm).update(data).digest().subarray(0, hashSize);
}

const equal = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

const listPages = (pages: number[]): string =>
  pages.slice(0, PAGES_NAMED).join(', ') + (pages.length > PAGES_NAMED ? `, … (${pages.length} in all)` : '');

/** The problems of one CodeDirectory, and its bad pages, recomputing every hash over `bytes`. */
function checkCodeDirectory(
  bytes: Uint8Array,
  signature: CodeSignature,
  cd: CodeDirectory,
): { problems: string[]; check: CodeDirectoryCheck } {
  const name = `CodeDirectory ${cd.type === CSSLOT.codeDirectory ? '' : `(alternate slot 0x${cd.type.toString(16)}) `}`;
  const type = HASH_TYPES[cd.hashType];
  const check: CodeDirectoryCheck = { slot: cd.type, hash: type?.name ?? `type ${cd.hashType}`, pages: cd.nCodeSlots, badPages: [] };
  const problems: string[] = [];
  if (!type) return { problems: [`${name}uses unknown hash type ${cd.hashType}`], check };
  const hashSizeOk = cd.hashSize === type.length;
  if (!hashSizeOk) problems.push(`${name}has hash size ${cd.hashSize}, ${type.name} needs ${type.length}`);
  if (cd.pageSize < PAGE_SHIFT_MIN || cd.pageSize > PAGE_SHIFT_MAX)
    problems.push(`${name}has pages of 2^${cd.pageSize} bytes, the kernel takes 4 KiB to 16 KiB`);
  if ((cd.flags & CS_ADHOC) === 0) problems.push(`${name}is not ad-hoc (flags 0x${cd.flags.toString(16)} lack CS_ADHOC 0x2)`);
  if (cd.identifier === '') problems.push(`${name}has an empty identifier`);
  if (cd.codeLimit !== signature.dataoff)
    problems.push(`${name}signs bytes 0..${cd.codeLimit}, but the signature starts at ${signature.dataoff}`);
  const expectedSlots = Math.ceil(cd.codeLimit / pageBytes(cd));
  if (cd.nCodeSlots !== expectedSlots)
    problems.push(`${name}has ${cd.nCodeSlots} code slots, ${cd.codeLimit} bytes in pages of ${pageBytes(cd)} need ${expectedSlots}`);
  const text = signature.segments.find((s) => s.name === '__TEXT');
  if (cd.execSegBase !== undefined && text && (cd.execSegBase !== text.fileoff || cd.execSegLimit !== text.filesize)) {
    problems.push(`${name}names the executable segment ${cd.execSegBase}+${cd.execSegLimit}, __TEXT is ${text.fileoff}+${text.filesize}`);
  }
  const first = cd.hashOffset - cd.nSpecialSlots * cd.hashSize;
  if (first < CODE_DIRECTORY_MIN_HEADER || cd.hashOffset + cd.nCodeSlots * cd.hashSize > cd.length) {
    problems.push(`${name}has hash slots (${cd.nSpecialSlots} special, ${cd.nCodeSlots} code) outside its ${cd.length} bytes`);
    return { problems, check };
  }
  if (!hashSizeOk) return { problems, check };
  const stored = (slot: number): Uint8Array =>
    bytes.subarray(cd.offset + cd.hashOffset + slot * cd.hashSize, cd.offset + cd.hashOffset + (slot + 1) * cd.hashSize);
  const size = pageBytes(cd);
  for (let page = 0; page < cd.nCodeSlots; page++) {
    const start = page * size;
    const end = Math.min(start + size, cd.codeLimit, bytes.byteLength);
    if (!equal(stored(page), slotHash(cd.hashType, cd.hashSize, bytes.subarray(start, Math.max(start, end))))) check.badPages.push(page);
  }
  if (check.badPages.length > 0)
    problems.push(
      `${name}(${type.name}): ${check.badPages.length} of ${cd.nCodeSlots} page hashes differ from the file: page ${listPages(check.badPages)}`,
    );
  // Special slot -n binds the SuperBlob entry of type n (requirements 2, entitlements 5, DER entitlements 7, …).
  for (const blob of signature.blobs) {
    if (blob.type === CSSLOT.codeDirectory || blob.type >= CSSLOT.alternateCodeDirectories) continue;
    if (blob.type > cd.nSpecialSlots) {
      problems.push(
        `${name}has ${cd.nSpecialSlots} special slots, so the blob of type ${blob.type} (0x${blob.magic.toString(16)}) is not bound by a hash`,
      );
      continue;
    }
    const hash = slotHash(cd.hashType, cd.hashSize, bytes.subarray(blob.offset, blob.offset + blob.length));
    if (!equal(stored(-blob.type), hash))
      problems.push(`${name}special slot -${blob.type} does not match the hash of its blob (0x${blob.magic.toString(16)})`);
  }
  // A slot for a blob the SuperBlob lacks must be zero (the kernel refuses a bound entitlements hash with no entitlements).
  for (const slot of BLOB_SLOTS) {
    if (slot > cd.nSpecialSlots || signature.blobs.some((b) => b.type === slot)) continue;
    if (stored(-slot).some((v) => v !== 0))
      problems.push(`${name}special slot -${slot} holds a hash, but the signature has no blob of type ${slot}`);
  }
  return { problems, check };
}

/** Checks a thin 64-bit Mach-O's embedded ad-hoc signature page by page as the kernel would, never throwing for a malformed file. */
export function verifyCodeSignature(bytes: Uint8Array): VerifyResult {
  let signature: CodeSignature;
  try {
    signature = readCodeSignature(bytes);
  } catch (error) {
    if (!(error instanceof MachOError)) throw error;
    return { ok: false, problems: [error.message], pages: 0, badPages: [], codeDirectories: [] };
  }
  const problems: string[] = [];
  const linkedit = signature.segments.find((s) => s.name === '__LINKEDIT');
  const end = signature.dataoff + signature.datasize;
  if (!linkedit) problems.push('no __LINKEDIT segment to hold the signature');
  else if (signature.dataoff < linkedit.fileoff || end !== linkedit.fileoff + linkedit.filesize) {
    problems.push(
      `the signature (${signature.dataoff}..${end}) is not the last thing in __LINKEDIT (${linkedit.fileoff}..${linkedit.fileoff + linkedit.filesize})`,
    );
  }
  const checks = signature.codeDirectories.map((cd) => checkCodeDirectory(bytes, signature, cd));
  const badPages = [...new Set(checks.flatMap((c) => c.check.badPages))].sort((a, b) => a - b);
  problems.push(...checks.flatMap((c) => c.problems));
  // The kernel refuses two CodeDirectories of one hash type (cs_validate_csblob).
  const hashTypes = signature.codeDirectories.map((cd) => cd.hashType);
  if (new Set(hashTypes).size !== hashTypes.length) problems.push(`two CodeDirectories share a hash type (${hashTypes.join(', ')})`);
  const primary = signature.codeDirectories.find((cd) => cd.type === CSSLOT.codeDirectory) ?? signature.codeDirectories[0];
  return {
    ok: problems.length === 0,
    problems,
    pages: primary?.nCodeSlots ?? 0,
    badPages,
    identifier: primary?.identifier,
    codeDirectories: checks.map((c) => c.check),
  };
}
