// Format reference: Apple xnu `osfmk/kern/cs_blobs.h` (CodeDirectory, SuperBlob, blob magics and slots) and `EXTERNAL_HEADERS/mach-o/loader.h`.

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const MACH_HEADER_64_SIZE = 32;

/** Blob magics of an embedded signature (cs_blobs.h, CSMAGIC_*). */
export const CSMAGIC = {
  embeddedSignature: 0xfade0cc0,
  codeDirectory: 0xfade0c02,
  requirements: 0xfade0c01,
  blobWrapper: 0xfade0b01,
} as const;

/** SuperBlob index types (cs_blobs.h, CSSLOT_*): the primary CodeDirectory, the alternates, requirements, the CMS signature. */
export const CSSLOT = {
  codeDirectory: 0,
  requirements: 2,
  alternateCodeDirectories: 0x1000,
  alternateCodeDirectoryLimit: 0x1005,
  signature: 0x10000,
} as const;

/** The CodeDirectory `flags` bit of an ad-hoc signature (cs_blobs.h, CS_ADHOC). */
export const CS_ADHOC = 0x2;

/** The earliest CodeDirectory header's size (cs_blobs.h, up to `end_earliest`): no hash slot may lie inside it. */
export const CODE_DIRECTORY_MIN_HEADER = 44;

/** CPU types of the two macOS targets (mach/machine.h, CPU_TYPE_X86_64 and CPU_TYPE_ARM64). */
export const CPU_TYPE = { x86_64: 0x01000007, arm64: 0x0100000c } as const;

/** The error every malformed or unsupported input gives, so callers can tell it from a bug. */
export class MachOError extends Error {
  override name = 'MachOError';
}

/** One LC_SEGMENT_64, with its name and where it lies in the file. */
export interface Segment {
  name: string;
  /** File offset of the load command itself, to rewrite its sizes. */
  commandOffset: number;
  vmaddr: number;
  vmsize: number;
  fileoff: number;
  filesize: number;
}

/** A blob of the SuperBlob: its index type, its magic and where it lies in the file. */
export interface BlobRef {
  type: number;
  magic: number;
  /** Absolute file offset. */
  offset: number;
  length: number;
}

/** One CodeDirectory, with the fields of every version up to the execSeg ones (cs_blobs.h, CS_CodeDirectory). */
export interface CodeDirectory extends BlobRef {
  version: number;
  flags: number;
  hashOffset: number;
  identOffset: number;
  identifier: string;
  nSpecialSlots: number;
  nCodeSlots: number;
  /** The 32-bit field as stored. */
  codeLimit32: number;
  /** The 64-bit field, from version 0x20300 on. */
  codeLimit64?: number;
  /** The signed range's end: codeLimit64 when it is set, else the 32-bit field. */
  codeLimit: number;
  hashSize: number;
  hashType: number;
  platform: number;
  /** log2 of the page size; 0 means one page over the whole range. */
  pageSize: number;
  teamOffset?: number;
  execSegBase?: number;
  execSegLimit?: number;
  execSegFlags?: number;
}

/** What a thin 64-bit Mach-O's embedded code signature holds, and where. */
export interface CodeSignature {
  cputype: number;
  /** Where the header and load commands end: nothing may be signed over them. */
  loadCommandsEnd: number;
  segments: Segment[];
  /** File offset of the LC_CODE_SIGNATURE command. */
  commandOffset: number;
  /** LC_CODE_SIGNATURE dataoff and datasize. */
  dataoff: number;
  datasize: number;
  superBlobLength: number;
  blobs: BlobRef[];
  codeDirectories: CodeDirectory[];
  requirements?: BlobRef;
  cms?: BlobRef;
}

/** Bounds-checked big- and little-endian reads, so a short or lying file gives a MachOError rather than a RangeError. */
function reader(bytes: Uint8Array): {
  u8: (at: number) => number;
  u32le: (at: number) => number;
  u64le: (at: number) => number;
  u32be: (at: number) => number;
  u64be: (at: number) => number;
} {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const check = (at: number, size: number): void => {
    if (!Number.isInteger(at) || at < 0 || at + size > bytes.byteLength)
      throw new MachOError(`truncated: needs ${size} bytes at offset ${at}, the file has ${bytes.byteLength}`);
  };
  const big = (value: bigint): number => {
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new MachOError(`a 64-bit field holds ${value}, past any file size`);
    return Number(value);
  };
  return {
    u8: (at) => {
      check(at, 1);
      return view.getUint8(at);
    },
    u32le: (at) => {
      check(at, 4);
      return view.getUint32(at, true);
    },
    u64le: (at) => {
      check(at, 8);
      return big(view.getBigUint64(at, true));
    },
    u32be: (at) => {
      check(at, 4);
      return view.getUint32(at, false);
    },
    u64be: (at) => {
      check(at, 8);
      return big(view.getBigUint64(at, false));
    },
  };
}

const hex = (n: number): string => `0x${n.toString(16)}`;

/** Load commands of a thin little-endian 64-bit Mach-O: its segments and the LC_CODE_SIGNATURE, if any. */
function readLoadCommands(bytes: Uint8Array): {
  cputype: number;
  loadCommandsEnd: number;
  segments: Segment[];
  signature?: { commandOffset: number; dataoff: number; datasize: number };
} {
  const r = reader(bytes);
  if (bytes.byteLength < MACH_HEADER_64_SIZE)
    throw new MachOError(`not a Mach-O file: ${bytes.byteLength} bytes, shorter than a mach_header_64`);
  const magic = r.u32le(0);
  if (magic === 0xbebafeca || magic === 0xbfbafeca) throw new MachOError('a universal (fat) Mach-O: pass each thin slice on its own');
  if (magic === 0xcefaedfe || magic === 0xfeedface) throw new MachOError('a 32-bit Mach-O: only 64-bit ones are supported');
  if (magic === 0xcffaedfe) throw new MachOError('a big-endian Mach-O: only little-endian ones are supported');
  if (magic !== MH_MAGIC_64) throw new MachOError(`not a Mach-O file: magic ${hex(magic)}`);
  const cputype = r.u32le(4);
  if (cputype !== CPU_TYPE.x86_64 && cputype !== CPU_TYPE.arm64)
    throw new MachOError(`unsupported CPU type ${hex(cputype)}: only x86_64 and arm64`);
  const ncmds = r.u32le(16);
  const sizeofcmds = r.u32le(20);
  const end = MACH_HEADER_64_SIZE + sizeofcmds;
  if (end > bytes.byteLength) throw new MachOError(`truncated: load commands end at ${end}, the file has ${bytes.byteLength} bytes`);
  const segments: Segment[] = [];
  let signature: { commandOffset: number; dataoff: number; datasize: number } | undefined;
  let at = MACH_HEADER_64_SIZE;
  for (let i = 0; i < ncmds; i++) {
    const cmd = r.u32le(at);
    const cmdsize = r.u32le(at + 4);
    if (cmdsize < 8 || at + cmdsize > end)
      throw new MachOError(`load command ${i} (${hex(cmd)}) at ${at} has size ${cmdsize}, outside the load commands`);
    if (cmd === LC_SEGMENT_64) {
      if (cmdsize < 72) throw new MachOError(`LC_SEGMENT_64 at ${at} is ${cmdsize} bytes, shorter than a segment_command_64`);
      const name = new TextDecoder().decode(bytes.subarray(at + 8, at + 24)).replace(/\0.*$/s, '');
      segments.push({
        name,
        commandOffset: at,
        vmaddr: r.u64le(at + 24),
        vmsize: r.u64le(at + 32),
        fileoff: r.u64le(at + 40),
        filesize: r.u64le(at + 48),
      });
    } else if (cmd === LC_CODE_SIGNATURE) {
      if (cmdsize < 16) throw new MachOError(`LC_CODE_SIGNATURE at ${at} is ${cmdsize} bytes, shorter than a linkedit_data_command`);
      if (signature) throw new MachOError('two LC_CODE_SIGNATURE load commands');
      signature = { commandOffset: at, dataoff: r.u32le(at + 8), datasize: r.u32le(at + 12) };
    }
    at += cmdsize;
  }
  return { cputype, loadCommandsEnd: end, segments, signature };
}

/** A CodeDirectory at `offset`: its header fields by version (cs_blobs.h, CS_SUPPORTS*), the identifier read up to its NUL. */
function readCodeDirectory(bytes: Uint8Array, type: number, offset: number): CodeDirectory {
  const r = reader(bytes);
  const length = r.u32be(offset + 4);
  if (length < CODE_DIRECTORY_MIN_HEADER)
    throw new MachOError(`CodeDirectory in slot ${hex(type)} is ${length} bytes, shorter than its earliest header`);
  const version = r.u32be(offset + 8);
  const field32 = (at: number, since: number): number | undefined =>
    version >= since && at + 4 <= length ? r.u32be(offset + at) : undefined;
  const field64 = (at: number, since: number): number | undefined =>
    version >= since && at + 8 <= length ? r.u64be(offset + at) : undefined;
  const identOffset = r.u32be(offset + 20);
  if (identOffset >= length)
    throw new MachOError(`CodeDirectory in slot ${hex(type)}: identifier offset ${identOffset} is past its length ${length}`);
  const identEnd = bytes.subarray(offset + identOffset, offset + length).indexOf(0);
  if (identEnd < 0) throw new MachOError(`CodeDirectory in slot ${hex(type)}: the identifier has no terminating NUL`);
  const codeLimit32 = r.u32be(offset + 32);
  const codeLimit64 = field64(56, 0x20300);
  return {
    type,
    magic: CSMAGIC.codeDirectory,
    offset,
    length,
    version,
    flags: r.u32be(offset + 12),
    hashOffset: r.u32be(offset + 16),
    identOffset,
    identifier: new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(offset + identOffset, offset + identOffset + identEnd)),
    nSpecialSlots: r.u32be(offset + 24),
    nCodeSlots: r.u32be(offset + 28),
    codeLimit32,
    codeLimit64,
    // cs_blobs.h: a zero codeLimit64 defers to the 32-bit field.
    codeLimit: codeLimit64 ? codeLimit64 : codeLimit32,
    hashSize: r.u8(offset + 36),
    hashType: r.u8(offset + 37),
    platform: r.u8(offset + 38),
    pageSize: r.u8(offset + 39),
    teamOffset: field32(48, 0x20200),
    execSegBase: field64(64, 0x20400),
    execSegLimit: field64(72, 0x20400),
    execSegFlags: field64(80, 0x20400),
  };
}

/** Parses a thin 64-bit Mach-O's LC_CODE_SIGNATURE and its SuperBlob, throwing a MachOError on anything malformed or missing. */
export function readCodeSignature(bytes: Uint8Array): CodeSignature {
  const { cputype, loadCommandsEnd, segments, signature } = readLoadCommands(bytes);
  if (!signature) throw new MachOError('no LC_CODE_SIGNATURE load command: the file is not signed');
  const { commandOffset, dataoff, datasize } = signature;
  if (dataoff + datasize > bytes.byteLength)
    throw new MachOError(`truncated: the code signature spans ${dataoff}..${dataoff + datasize}, the file has ${bytes.byteLength} bytes`);
  if (dataoff < loadCommandsEnd)
    throw new MachOError(`the code signature at ${dataoff} overlaps the load commands (which end at ${loadCommandsEnd})`);
  if (datasize < 12) throw new MachOError(`the code signature is ${datasize} bytes, shorter than a SuperBlob header`);
  const r = reader(bytes.subarray(0, dataoff + datasize));
  const magic = r.u32be(dataoff);
  if (magic !== CSMAGIC.embeddedSignature)
    throw new MachOError(
      `the code signature's magic is ${hex(magic)}, not an embedded-signature SuperBlob (${hex(CSMAGIC.embeddedSignature)})`,
    );
  const superBlobLength = r.u32be(dataoff + 4);
  if (superBlobLength > datasize)
    throw new MachOError(`the SuperBlob claims ${superBlobLength} bytes, the signature space has ${datasize}`);
  const count = r.u32be(dataoff + 8);
  if (12 + count * 8 > superBlobLength)
    throw new MachOError(`the SuperBlob's index of ${count} entries overruns its ${superBlobLength} bytes`);
  const inner = reader(bytes.subarray(0, dataoff + superBlobLength));
  const blobs: BlobRef[] = [];
  for (let i = 0; i < count; i++) {
    const type = inner.u32be(dataoff + 12 + i * 8);
    const offset = dataoff + inner.u32be(dataoff + 16 + i * 8);
    const blob = { type, magic: inner.u32be(offset), offset, length: inner.u32be(offset + 4) };
    if (blob.length < 8 || offset + blob.length > dataoff + superBlobLength)
      throw new MachOError(`blob ${hex(type)} (${hex(blob.magic)}) of ${blob.length} bytes at ${offset} lies outside the SuperBlob`);
    blobs.push(blob);
  }
  const isCodeDirectorySlot = (type: number): boolean =>
    type === CSSLOT.codeDirectory || (type >= CSSLOT.alternateCodeDirectories && type < CSSLOT.alternateCodeDirectoryLimit);
  const codeDirectories = blobs
    .filter((b) => isCodeDirectorySlot(b.type))
    .map((b) => {
      if (b.magic !== CSMAGIC.codeDirectory) throw new MachOError(`slot ${hex(b.type)} holds magic ${hex(b.magic)}, not a CodeDirectory`);
      return readCodeDirectory(bytes.subarray(0, b.offset + b.length), b.type, b.offset);
    });
  if (codeDirectories.length === 0) throw new MachOError('the SuperBlob holds no CodeDirectory');
  const requirements = blobs.find((b) => b.type === CSSLOT.requirements && b.magic === CSMAGIC.requirements);
  const cms = blobs.find((b) => b.type === CSSLOT.signature && b.magic === CSMAGIC.blobWrapper);
  return {
    cputype,
    loadCommandsEnd,
    segments,
    commandOffset,
    dataoff,
    datasize,
    superBlobLength,
    blobs,
    codeDirectories,
    requirements,
    cms,
  };
}
