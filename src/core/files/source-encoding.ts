// Python source files in their own encoding (PEP 263): a coding declaration in the first two
// lines names it, UTF-8 without one. DeepDebug patches the decoded text and writes the patched
// text back in the same encoding, so only encodings that round-trip byte for byte are edited.

import type { SourceEncoding } from '../types';

export type DecodedSource =
  | { ok: true; text: string; encoding: SourceEncoding }
  /** `encoding`: the declared name as written (or "utf-8" without a declaration). */
  | { ok: false; encoding: string; declared: boolean; problem: 'undecodable' | 'unsupported' };

// Python's names for each (codecs.lookup's aliases, after lower-casing and "-"/" " to "_").
const ALIASES: Record<SourceEncoding, readonly string[]> = {
  'utf-8': ['utf_8', 'utf8', 'u8', 'utf', 'cp65001', 'utf8_ucs2', 'utf8_ucs4'],
  'latin-1': ['latin_1', 'latin1', 'iso_8859_1', 'iso8859_1', '8859', 'cp819', 'l1', 'latin', 'iso_ir_100', 'csisolatin1', 'iso_latin_1'],
  ascii: ['ascii', 'us_ascii', '646', 'us', 'ansi_x3.4_1968', 'ansi_x3_4_1968', 'cp367', 'csascii', 'ibm367', 'iso646_us', 'iso_ir_6'],
};

// tokenize.cookie_re and tokenize.blank_re.
const COOKIE = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/;
const BLANK = /^[ \t\f]*(?:[#\r\n]|$)/;
const BOM = [0xef, 0xbb, 0xbf];

function normalName(declared: string): SourceEncoding | undefined {
  const name = declared.toLowerCase().replace(/[-\s]/g, '_');
  // tokenize._get_normal_name: "utf-8-..." and "latin-1-..." variants read as the plain codec.
  if (name.startsWith('utf_8_') && name !== 'utf_8_sig') return 'utf-8';
  if (/^(latin_1|iso_8859_1|iso_latin_1)_/.test(name)) return 'latin-1';
  return (Object.keys(ALIASES) as SourceEncoding[]).find((encoding) => ALIASES[encoding].includes(name));
}

/** The declaration in the first two lines (as tokenize.detect_encoding reads them), if any. */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  const text = Buffer.from(bytes.subarray(0, 1024)).toString('latin1'); // the declaration itself is ASCII
  const [first = '', second = ''] = text.split('\n');
  const cookie = COOKIE.exec(first)?.[1];
  if (cookie !== undefined || !BLANK.test(first)) return cookie;
  return COOKIE.exec(second)?.[1];
}

function hasBom(bytes: Uint8Array): boolean {
  return BOM.every((byte, index) => bytes[index] === byte);
}

/** The file's text in its encoding; a UTF-8 BOM stays in the text, so the text encodes back to the same bytes. */
export function decodeSource(bytes: Uint8Array): DecodedSource {
  const declared = declaredEncoding(bytes);
  const encoding = declared === undefined || hasBom(bytes) ? 'utf-8' : normalName(declared);
  if (encoding === undefined) return { ok: false, encoding: declared!, declared: true, problem: 'unsupported' };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (encoding === 'latin-1') return { ok: true, text: buffer.toString('latin1'), encoding };
  if (encoding === 'ascii') {
    return buffer.every((byte) => byte < 0x80)
      ? { ok: true, text: buffer.toString('latin1'), encoding }
      : { ok: false, encoding: declared!, declared: true, problem: 'undecodable' };
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buffer), encoding };
  } catch {
    return { ok: false, encoding: declared ?? 'utf-8', declared: declared !== undefined, problem: 'undecodable' };
  }
}

/** The bytes of `text` in `encoding`; throws a RangeError naming the first character it cannot hold. */
export function encodeSource(text: string, encoding: SourceEncoding): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  const limit = encoding === 'latin-1' ? 0xff : 0x7f;
  // Buffer's latin1 writer silently keeps the low byte of wider characters: check first.
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > limit) {
      const point = text.codePointAt(i)!;
      const name = `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
      throw new RangeError(`${JSON.stringify(String.fromCodePoint(point))} (${name}) cannot be written in ${encoding}`);
    }
  }
  return Buffer.from(text, 'latin1');
}
