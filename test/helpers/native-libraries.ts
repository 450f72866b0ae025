import * as fs from 'node:fs';

// The libraries a native binary names as its dependencies, read from the binary itself for
// each platform the extension is packaged for: ELF's DT_NEEDED entries (Linux), PE's import and
// delay-import tables (Windows), Mach-O's dylib load commands (macOS). Debian's binutils reads
// neither arm64 PE nor Mach-O, and the tests must not need LLVM for three tables; only the
// 64-bit little-endian forms the runtime ships are read, anything else is an error.

export function dependenciesOf(file: string): string[] {
  const bytes = fs.readFileSync(file);
  if (bytes.readUInt32BE(0) === 0x7f454c46) return elfNeeded(bytes);
  if (bytes.readUInt16LE(0) === 0x5a4d) return peImports(bytes);
  if (bytes.readUInt32LE(0) === 0xfeedfacf) return machoDylibs(bytes);
  throw new Error(`${file}: not a 64-bit ELF, PE or Mach-O file`);
}

function cString(bytes: Buffer, offset: number): string {
  const end = bytes.indexOf(0, offset);
  return bytes.toString('latin1', offset, end < 0 ? bytes.length : end);
}

function elfNeeded(bytes: Buffer): string[] {
  if (bytes[4] !== 2 || bytes[5] !== 1) throw new Error('only 64-bit little-endian ELF is read');
  const sectionTable = Number(bytes.readBigUInt64LE(0x28));
  const entrySize = bytes.readUInt16LE(0x3a);
  const count = bytes.readUInt16LE(0x3c);
  const section = (i: number) => {
    const at = sectionTable + i * entrySize;
    return {
      type: bytes.readUInt32LE(at + 4),
      offset: Number(bytes.readBigUInt64LE(at + 0x18)),
      size: Number(bytes.readBigUInt64LE(at + 0x20)),
      link: bytes.readUInt32LE(at + 0x28),
    };
  };
  const SHT_DYNAMIC = 6;
  const DT_NEEDED = 1n;
  const needed: string[] = [];
  for (let i = 0; i < count; i++) {
    const dynamic = section(i);
    if (dynamic.type !== SHT_DYNAMIC) continue;
    const strings = section(dynamic.link).offset;
    for (let at = dynamic.offset; at + 16 <= dynamic.offset + dynamic.size; at += 16) {
      const tag = bytes.readBigUInt64LE(at);
      if (tag === 0n) break;
      if (tag === DT_NEEDED) needed.push(cString(bytes, strings + Number(bytes.readBigUInt64LE(at + 8))));
    }
  }
  return needed;
}

function peImports(bytes: Buffer): string[] {
  const pe = bytes.readUInt32LE(0x3c);
  if (bytes.readUInt32LE(pe) !== 0x4550) throw new Error('no PE signature');
  const sectionCount = bytes.readUInt16LE(pe + 6);
  const optional = pe + 24;
  const optionalSize = bytes.readUInt16LE(pe + 20);
  if (bytes.readUInt16LE(optional) !== 0x20b) throw new Error('only PE32+ is read');
  const directory = (index: number) => bytes.readUInt32LE(optional + 112 + index * 8);
  const sections = Array.from({ length: sectionCount }, (_, i) => {
    const at = optional + optionalSize + i * 40;
    return {
      address: bytes.readUInt32LE(at + 12),
      size: Math.max(bytes.readUInt32LE(at + 8), bytes.readUInt32LE(at + 16)),
      raw: bytes.readUInt32LE(at + 20),
    };
  });
  const offsetOf = (rva: number): number => {
    const section = sections.find((s) => rva >= s.address && rva < s.address + s.size);
    if (!section) throw new Error(`RVA ${rva.toString(16)} is in no section`);
    return rva - section.address + section.raw;
  };
  const names: string[] = [];
  // Import descriptors (20 bytes, the name's RVA at 12) and delay-import ones (32 bytes, at 4), each list ended by zeros.
  for (const [index, size, nameAt] of [
    [1, 20, 12],
    [13, 32, 4],
  ] as const) {
    const table = directory(index);
    if (table === 0) continue;
    for (let at = offsetOf(table); ; at += size) {
      const name = bytes.readUInt32LE(at + nameAt);
      if (name === 0) break;
      names.push(cString(bytes, offsetOf(name)));
    }
  }
  return names;
}

function machoDylibs(bytes: Buffer): string[] {
  const LOADS = new Set([0xc, 0x20, 0x80000018, 0x8000001f, 0x80000023]); // load, lazy, weak, re-export, upward
  const count = bytes.readUInt32LE(16);
  const names: string[] = [];
  for (let i = 0, at = 32; i < count; i++) {
    const command = bytes.readUInt32LE(at);
    if (LOADS.has(command)) names.push(cString(bytes, at + bytes.readUInt32LE(at + 8)));
    at += bytes.readUInt32LE(at + 4);
  }
  return names;
}
