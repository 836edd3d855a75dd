import { BmsRejection } from './bms-errors.js';

/**
 * A BMS file's bytes as text, in the encoding the file says it is in (issue 28, finding 14): a byte-order mark
 * first (UTF-8, UTF-16 LE or BE), else the XML declaration's `encoding` (UTF-8, UTF-16, windows-1252 and the
 * labels that mean it: ISO-8859-1, Latin-1, US-ASCII), else UTF-8 as XML says. Shop systems on Windows write
 * windows-1252 with typographic quotes ("O’Brien": 0x92).
 *
 * windows-1252 is decoded here, not by `TextDecoder`: Node 20.18.3+ and 22.13+ decode it as Latin-1, turning
 * 0x80–0x9F into control characters (nodejs/node#56542, #60888). The table is WHATWG's; the five bytes it leaves
 * undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their code point, as WHATWG says.
 */

const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/** The labels of windows-1252 (WHATWG Encoding: ISO-8859-1, Latin-1 and ASCII are read as windows-1252). */
const WINDOWS_1252_LABELS = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'iso-ir-100',
  'l1',
  'latin1',
  'cp819',
  'ibm819',
  'us-ascii',
  'ascii',
  'ansi_x3.4-1968',
]);
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);
const UTF16_LABELS = new Set(['utf-16', 'utf-16le', 'utf-16be', 'ucs-2', 'unicode']);

/** Each byte's UTF-16 code unit in windows-1252. */
const WINDOWS_1252 = Uint16Array.from({ length: 256 }, (_, byte) =>
  byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80]! : byte,
);

export function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) units[i] = WINDOWS_1252[bytes[i]!]!;
  // Every unit is a whole character (none is a surrogate): decoded as UTF-16 in one native call (the typed
  // array is in the machine's byte order, little-endian on every platform Node ships for: x64, arm64).
  return new TextDecoder('utf-16le').decode(units);
}

/** The offset of the first byte that is not UTF-8, or -1 when all are. */
function firstNonUtf8Byte(bytes: Buffer): number {
  const decoded = new TextDecoder('utf-8').decode(bytes);
  const bad = decoded.indexOf('\uFFFD');
  if (bad === -1) return -1;
  // The byte offset of that character: the UTF-8 length of the text before it.
  return Buffer.byteLength(decoded.slice(0, bad), 'utf8');
}

function utf8(bytes: Buffer, declared: string | null): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const offset = Math.max(firstNonUtf8Byte(bytes), 0).toLocaleString('en-US');
    if (declared) {
      throw new BmsRejection(
        `Not UTF-8 text although the file declares encoding="${declared}": the byte at offset ${offset} is not UTF-8`,
      );
    }
    throw new BmsRejection(
      `Not UTF-8 text: the file declares no encoding, so it must be UTF-8, and the byte at offset ${offset} is not. Save it as UTF-8 or declare its encoding (e.g. <?xml version="1.0" encoding="windows-1252"?>)`,
    );
  }
}

function utf16(bytes: Buffer, encoding: 'utf-16le' | 'utf-16be'): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new BmsRejection(`Not ${encoding.toUpperCase()} text although it starts as such`);
  }
}

/** The `encoding` of the XML declaration, read as ASCII (every encoding we read agrees on it). */
function declaredEncoding(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 200).toString('latin1');
  const declaration = /^<\?xml\s[^>]*?\bencoding\s*=\s*(["'])([^"']*)\1/.exec(head);
  return declaration ? declaration[2]!.trim() : null;
}

/** The file's text, or a `BmsRejection` saying why its bytes are not text we read. */
export function decodeBmsText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3), null);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes.subarray(2), 'utf-16be');
  // UTF-16 without a mark, told by its first character `<` (XML 1.0, appendix F).
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f) return utf16(bytes, 'utf-16le');
  if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[3] === 0x3f) return utf16(bytes, 'utf-16be');
  const declared = declaredEncoding(bytes);
  if (declared === null) return utf8(bytes, null);
  const label = declared.toLowerCase();
  if (UTF8_LABELS.has(label)) return utf8(bytes, declared);
  if (WINDOWS_1252_LABELS.has(label)) return decodeWindows1252(bytes);
  if (UTF16_LABELS.has(label)) {
    throw new BmsRejection(`The file declares encoding="${declared}" but has no UTF-16 byte-order mark`);
  }
  throw new BmsRejection(
    `Unsupported encoding "${declared.slice(0, 40)}": a BMS file must be UTF-8, UTF-16, windows-1252 or ISO-8859-1`,
  );
}
