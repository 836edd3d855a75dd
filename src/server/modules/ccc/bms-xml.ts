import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeBmsText } from './bms-encoding.js';
import { BmsRejection } from './bms-errors.js';

export { BmsRejection };

/**
 * Reading BMS XML by local name: the well-formedness check, the refusals that come before any parsing (a DTD,
 * entities, not UTF-8), and the text, number, flag and date values of elements. Amounts become integer units
 * from their decimal text, never through floats.
 */

export type Node = Record<string, unknown>;

/**
 * Free-text memos are never read, and a large estimate carries long ones on its lines: the parser skips over
 * their content (stop nodes) instead of building and trimming it, which halves the parse of a 5 MB file.
 */
const SKIPPED_MEMOS = ['LineMemo', 'DamageMemo', 'LossMemo', 'PriorDamageMemo', 'Memo'];

/** Deeper than any BMS estimate (about 10 levels): a file nested deeper is refused before it is built. */
export const MAX_DEPTH = 64;

const parser = new XMLParser({
  maxNestedTags: MAX_DEPTH,
  stopNodes: SKIPPED_MEMOS.map((name) => `*.${name}`),
  removeNSPrefix: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

export function arr(value: unknown): Node[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as Node[];
}

export function node(value: unknown): Node | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === 'object' ? (first as Node) : undefined;
}

/** The text at a path of local names (the first of repeated elements), trimmed; undefined when absent. */
export function text(from: unknown, ...path: string[]): string | undefined {
  let current: unknown = from;
  for (const name of path) {
    const parent = node(current);
    if (!parent) return undefined;
    current = parent[name];
  }
  if (Array.isArray(current)) current = current[0];
  if (current === undefined || current === null) return undefined;
  if (typeof current === 'object') {
    const inner = (current as Node)['#text'];
    return inner === undefined ? undefined : String(inner).trim();
  }
  const value = String(current).trim();
  return value === '' ? undefined : value;
}

/**
 * A decimal text as an integer count of `places` decimals ("389.5", 2 → 38950), exact: no float ever holds
 * the amount. Rounded half up past `places`. Throws a rejection naming the element on anything else.
 */
export function decimalUnits(value: string, places: number, what: string): number {
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) throw new BmsRejection(`${what} is not a number: "${value}"`);
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.slice(0, places).padEnd(places, '0');
  let units = Number(whole || '0') * 10 ** places + Number(kept || '0');
  if (fraction.length > places && Number(fraction[places]) >= 5) units += 1;
  if (!Number.isSafeInteger(units)) throw new BmsRejection(`${what} is too large: "${value}"`);
  return sign === '-' ? -units : units;
}

export const cents = (value: string | undefined, what: string) =>
  value === undefined ? 0 : decimalUnits(value, 2, what);
export const optionalCents = (value: string | undefined, what: string) =>
  value === undefined ? null : decimalUnits(value, 2, what);

export function flag(value: string | undefined): boolean | null {
  if (value === undefined) return null;
  const upper = value.toUpperCase();
  if (['Y', 'YES', '1', 'TRUE', 'T'].includes(upper)) return true;
  if (['N', 'NO', '0', 'FALSE', 'F'].includes(upper)) return false;
  return null;
}

/**
 * A BMS date-time: CCC writes seven fractional digits, an offset, and sometimes unpadded months and days
 * (`2016-1-20T18:01:19.7357874-08:00`). JavaScript's Date reads milliseconds only, so the fraction is cut.
 */
export function parseBmsDateTime(value: string | undefined): Date | null {
  if (!value) return null;
  const match =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value.trim(),
    );
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone] = match;
  const pad = (part: string) => part.padStart(2, '0');
  const millis = fraction.slice(0, 3).padEnd(3, '0');
  const offset = !zone
    ? 'Z'
    : zone.toUpperCase() === 'Z'
      ? 'Z'
      : zone.includes(':')
        ? zone
        : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const iso = `${year}-${pad(month!)}-${pad(day!)}T${pad(hour)}:${minute}:${second}.${millis}${offset}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Refuses what must never be parsed: a DTD or entity declarations (XXE, entity expansion). */
export function refuseDeclarations(xml: string) {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw new BmsRejection('Refused: the file declares a DTD or entities (never resolved)');
  }
}

/** The file's text in the encoding it declares (`bms-encoding.ts`). */
export function decode(content: Buffer | string): string {
  if (typeof content === 'string') return content.replace(/^\uFEFF/, '');
  return decodeBmsText(content);
}

/**
 * XML allows no NUL and no C0 control character but tab and line ends, even as a reference; the parser would
 * keep them, and PostgreSQL stores no NUL in a text.
 */
function refuseControlCharacters(xml: string) {
  let index = -1;
  for (let i = 0; i < xml.length && index === -1; i += 1) {
    const code = xml.charCodeAt(i);
    if (
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
      code === 0xfffe ||
      code === 0xffff
    )
      index = i;
  }
  if (index === -1) return;
  const before = xml.slice(0, index).split(/\r\n|\r|\n/);
  const code = xml.charCodeAt(index);
  const what =
    code === 0
      ? 'a NUL character'
      : `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  throw new BmsRejection(
    `Not well-formed XML: ${what} (line ${before.length}, column ${before.at(-1)!.length + 1}); is it a binary file?`,
  );
}

/** The root element's local name and content, refusing anything but well-formed XML with one root. */
export function parseDocument(xml: string): { root: string; body: Node } {
  refuseControlCharacters(xml);
  const valid = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    const unclosed = /^Invalid '\[(.*)\]' found\.$/s.exec(msg);
    if (unclosed) {
      // The file ended inside open elements: say so at the end of the file, as expat does.
      const open = unclosed[1]!.split(',').map((name) => name.trim().replace(/^"|"$/g, ''));
      const lines = xml.split(/\r\n|\r|\n/);
      throw new BmsRejection(
        `Not well-formed XML: the file ends before <${open.at(-1)}> is closed (line ${lines.length}, column ${lines.at(-1)!.length})`,
      );
    }
    throw new BmsRejection(`Not well-formed XML: ${msg} (line ${line}, column ${col})`);
  }
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    if (error instanceof Error && /nested tags/i.test(error.message)) {
      throw new BmsRejection(
        `Not a BMS estimate: elements nested more than ${MAX_DEPTH} deep (a BMS estimate needs about 10)`,
      );
    }
    throw error;
  }
  const roots = Object.keys(document).filter((key) => !key.startsWith('?') && key !== '#text');
  if (roots.length !== 1) throw new BmsRejection('Not a BMS estimate (no single root element)');
  const root = roots[0]!;
  return { root, body: node(document[root]) ?? {} };
}
