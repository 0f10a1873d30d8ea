/**
 * What a Windows loader reads first in a PE file (Microsoft's "PE Format" specification): the machine, the
 * subsystem, and the DLLs the import directory names. Enough to check a binary that cannot run here.
 */
export interface PeFacts {
  machine: number;
  /** 2 GUI, 3 console. */
  subsystem: number;
  is64: boolean;
  sections: string[];
  imports: string[];
}

/** Reads the PE facts of `bytes`; throws on anything that is not a PE32+ image. */
export function readPeFile(bytes: Buffer): PeFacts {
  if (bytes.toString('latin1', 0, 2) !== 'MZ') throw new Error('no MZ header');
  const pe = bytes.readUInt32LE(0x3c);
  if (bytes.toString('latin1', pe, pe + 4) !== 'PE\0\0') throw new Error('no PE signature');
  const coff = pe + 4;
  const machine = bytes.readUInt16LE(coff);
  const sectionCount = bytes.readUInt16LE(coff + 2);
  const optionalSize = bytes.readUInt16LE(coff + 16);
  const opt = coff + 20;
  const is64 = bytes.readUInt16LE(opt) === 0x20b;
  if (!is64) throw new Error('not a PE32+ image');
  const subsystem = bytes.readUInt16LE(opt + 68);
  // Data directory 1 is the import table (PE32+: directories start at offset 112 of the optional header).
  const importRva = bytes.readUInt32LE(opt + 112 + 8);
  const table = opt + optionalSize;
  const sections = Array.from({ length: sectionCount }, (_, i) => {
    const at = table + i * 40;
    return {
      name: bytes.toString('latin1', at, at + 8).replace(/\0+$/, ''),
      va: bytes.readUInt32LE(at + 12),
      size: bytes.readUInt32LE(at + 16),
      raw: bytes.readUInt32LE(at + 20),
    };
  });
  const toOffset = (rva: number) => {
    const s = sections.find((x) => rva >= x.va && rva < x.va + x.size);
    if (!s) throw new Error(`RVA ${rva.toString(16)} is in no section`);
    return rva - s.va + s.raw;
  };
  const imports: string[] = [];
  // Import descriptors are 20 bytes each, the list ends with an all-zero one; the name RVA is at offset 12.
  for (let at = toOffset(importRva); bytes.readUInt32LE(at + 12) !== 0; at += 20) {
    const name = toOffset(bytes.readUInt32LE(at + 12));
    imports.push(bytes.toString('latin1', name, bytes.indexOf(0, name)));
  }
  return { machine, subsystem, is64, sections: sections.map((s) => s.name), imports };
}
