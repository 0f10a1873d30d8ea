import {
  CODE_DIRECTORY_MIN_HEADER,
  CS_ADHOC,
  CSMAGIC,
  CSSLOT,
  MachOError,
  readCodeSignature,
  type CodeSignature,
  type Segment,
} from './read-code-signature.ts';
import { pageBytes, slotHash } from './verify-code-signature.ts';

// Layouts from Apple xnu `osfmk/kern/cs_blobs.h` (CS_CodeDirectory up to CS_SUPPORTSEXECSEG, CS_SuperBlob) and `mach-o/loader.h`.

const CS_SUPPORTSEXECSEG = 0x20400;
const CODE_DIRECTORY_HEADER = 88;
const CS_HASHTYPE_SHA256 = 2;
const SHA256_SIZE = 32;
const PAGE_SHIFT = 12;
const CS_EXECSEG_MAIN_BINARY = 0x1;
const MH_EXECUTE = 0x2;
/** codesign keeps LC_CODE_SIGNATURE's dataoff and datasize multiples of 16. */
const SIGNATURE_ALIGN = 16;
/** A segment's vmsize is whole pages; 16 KiB pages suit both arm64 and x86_64 (a multiple of 4 KiB). */
const SEGMENT_ALIGN = 0x4000;
/** An empty requirements vector (magic, length, count) and an empty CMS wrapper (magic, length), as `codesign --sign -` writes them. */
const EMPTY_REQUIREMENTS_LENGTH = 12;
const EMPTY_CMS_LENGTH = 8;

const roundUp = (n: number, to: number): number => Math.ceil(n / to) * to;

/** Whether the existing signature is ad-hoc, covers exactly the bytes before it and has room for every hash, so rewriting its hashes suffices. */
function rewritableInPlace(sig: CodeSignature, linkedit: Segment): boolean {
  const cmsEmpty = !sig.cms || sig.cms.length === EMPTY_CMS_LENGTH;
  const lastInLinkedit = sig.dataoff >= linkedit.fileoff && sig.dataoff + sig.datasize === linkedit.fileoff + linkedit.filesize;
  return (
    cmsEmpty &&
    lastInLinkedit &&
    sig.codeDirectories.every(
      (cd) =>
        (cd.flags & CS_ADHOC) !== 0 &&
        cd.codeLimit === sig.dataoff &&
        cd.nCodeSlots === Math.ceil(cd.codeLimit / pageBytes(cd)) &&
        [1, 2, 3, 4].includes(cd.hashType) &&
        cd.hashSize > 0 &&
        cd.hashSize <= 48 &&
        cd.hashOffset - cd.nSpecialSlots * cd.hashSize >= CODE_DIRECTORY_MIN_HEADER &&
        cd.hashOffset + cd.nCodeSlots * cd.hashSize <= cd.length,
    )
  );
}

/** Rewrites every CodeDirectory's page hashes and bound special slots over `out`, which already holds the final bytes. */
function rewriteHashes(out: Uint8Array, sig: CodeSignature): void {
  for (const cd of sig.codeDirectories) {
    const slotAt = (slot: number): number => cd.offset + cd.hashOffset + slot * cd.hashSize;
    const size = pageBytes(cd);
    for (let page = 0; page < cd.nCodeSlots; page++) {
      const start = page * size;
      out.set(slotHash(cd.hashType, cd.hashSize, out.subarray(start, Math.min(start + size, cd.codeLimit))), slotAt(page));
    }
    for (const blob of sig.blobs) {
      if (blob.type === CSSLOT.codeDirectory || blob.type >= CSSLOT.alternateCodeDirectories || blob.type > cd.nSpecialSlots) continue;
      out.set(slotHash(cd.hashType, cd.hashSize, out.subarray(blob.offset, blob.offset + blob.length)), slotAt(-blob.type));
    }
  }
}

/** A fresh SuperBlob as `codesign --sign -` writes it: one SHA-256 CodeDirectory (version 0x20400), empty requirements, empty CMS. */
function writeFreshSignature(bytes: Uint8Array, sig: CodeSignature, linkedit: Segment, text: Segment): Uint8Array {
  const identifier = new TextEncoder().encode(
    `${sig.codeDirectories.find((c) => c.type === CSSLOT.codeDirectory)?.identifier || 'a.out'}\0`,
  );
  const dataoff = roundUp(sig.dataoff, SIGNATURE_ALIGN);
  if (dataoff > 0xffffffff) throw new MachOError(`the signature would start at ${dataoff}, past what a 32-bit codeLimit can sign`);
  const nSpecialSlots = CSSLOT.requirements;
  const nCodeSlots = Math.ceil(dataoff / 2 ** PAGE_SHIFT);
  const hashOffset = CODE_DIRECTORY_HEADER + identifier.length + nSpecialSlots * SHA256_SIZE;
  const cdLength = hashOffset + nCodeSlots * SHA256_SIZE;
  const indexEnd = 12 + 3 * 8;
  const superLength = indexEnd + cdLength + EMPTY_REQUIREMENTS_LENGTH + EMPTY_CMS_LENGTH;
  const datasize = roundUp(superLength, SIGNATURE_ALIGN);
  const out = new Uint8Array(dataoff + datasize);
  out.set(bytes.subarray(0, Math.min(sig.dataoff, bytes.byteLength)));
  // The load commands lie in page 0, so the new sizes go in before any page is hashed.
  const le = new DataView(out.buffer);
  le.setUint32(sig.commandOffset + 8, dataoff, true);
  le.setUint32(sig.commandOffset + 12, datasize, true);
  const linkeditSize = dataoff + datasize - linkedit.fileoff;
  le.setBigUint64(linkedit.commandOffset + 32, BigInt(roundUp(linkeditSize, SEGMENT_ALIGN)), true);
  le.setBigUint64(linkedit.commandOffset + 48, BigInt(linkeditSize), true);
  const be = new DataView(out.buffer, dataoff);
  const words = (at: number, values: number[]): void => {
    for (const [i, v] of values.entries()) be.setUint32(at + i * 4, v);
  };
  const cd = indexEnd;
  const requirements = cd + cdLength;
  const cms = requirements + EMPTY_REQUIREMENTS_LENGTH;
  words(0, [CSMAGIC.embeddedSignature, superLength, 3, CSSLOT.codeDirectory, cd, CSSLOT.requirements, requirements, CSSLOT.signature, cms]);
  words(requirements, [CSMAGIC.requirements, EMPTY_REQUIREMENTS_LENGTH, 0]);
  words(cms, [CSMAGIC.blobWrapper, EMPTY_CMS_LENGTH]);
  words(cd, [
    CSMAGIC.codeDirectory,
    cdLength,
    CS_SUPPORTSEXECSEG,
    CS_ADHOC,
    hashOffset,
    CODE_DIRECTORY_HEADER,
    nSpecialSlots,
    nCodeSlots,
    dataoff,
  ]);
  be.setUint8(cd + 36, SHA256_SIZE);
  be.setUint8(cd + 37, CS_HASHTYPE_SHA256);
  be.setUint8(cd + 39, PAGE_SHIFT);
  // spare2, scatterOffset, teamOffset, spare3 and codeLimit64 stay zero (the buffer starts zeroed).
  be.setBigUint64(cd + 64, BigInt(text.fileoff));
  be.setBigUint64(cd + 72, BigInt(text.filesize));
  const filetype = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
  be.setBigUint64(cd + 80, BigInt(filetype === MH_EXECUTE ? CS_EXECSEG_MAIN_BINARY : 0));
  out.set(identifier, dataoff + cd + CODE_DIRECTORY_HEADER);
  const fresh = readCodeSignature(out);
  rewriteHashes(out, fresh);
  return out;
}

/**
 * The file with a correct ad-hoc signature over its final bytes: the existing signature's hashes rewritten in place when
 * it is ad-hoc and covers exactly the bytes before it, otherwise a fresh one in its place (throws a MachOError when neither fits).
 */
export function signAdHoc(bytes: Uint8Array): Uint8Array {
  const sig = readCodeSignature(bytes);
  const linkedit = sig.segments.find((s) => s.name === '__LINKEDIT');
  if (!linkedit) throw new MachOError('no __LINKEDIT segment to hold the signature');
  if (rewritableInPlace(sig, linkedit)) {
    // A copy through the Uint8Array constructor: a Buffer's slice() would share the caller's memory.
    const out = new Uint8Array(bytes);
    rewriteHashes(out, sig);
    return out;
  }
  const text = sig.segments.find((s) => s.name === '__TEXT');
  if (!text) throw new MachOError('no __TEXT segment to name as the executable segment');
  const later = sig.segments.find((s) => s !== linkedit && s.filesize > 0 && s.fileoff >= linkedit.fileoff);
  if (later) throw new MachOError(`segment ${later.name} lies after __LINKEDIT: the signature cannot grow at the end of the file`);
  if (sig.dataoff < linkedit.fileoff)
    throw new MachOError(`the signature (at ${sig.dataoff}) starts before __LINKEDIT (at ${linkedit.fileoff})`);
  // A Developer ID signature's entitlements, team and hardened-runtime flag go, as with `codesign --force --sign -`:
  // an ad-hoc signature cannot carry that signer's authority.
  return writeFreshSignature(bytes, sig, linkedit, text);
}
