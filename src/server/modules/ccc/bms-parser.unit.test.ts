import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeWindows1252 } from './bms-encoding.js';
import { parseBmsEstimate } from './bms-parser.js';
import { BmsRejection, decimalUnits, parseBmsDateTime } from './bms-xml.js';

const fixtures = path.join(import.meta.dirname, '../../test/fixtures/ccc');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const MAX = 10 * 1024 * 1024;
const parse = (content: Buffer | string, maxBytes = MAX) => parseBmsEstimate(content, { maxBytes });
const rejection = (content: Buffer | string, maxBytes = MAX) => {
  try {
    parse(content, maxBytes);
  } catch (error) {
    expect(error).toBeInstanceOf(BmsRejection);
    return (error as Error).message;
  }
  throw new Error('expected a rejection');
};

describe('BMS estimate parser: the six sample files', () => {
  it('reads the original estimate with the README’s totals to the cent', () => {
    const estimate = parse(fixture('estimate-original.xml'));
    expect(estimate).toMatchObject({
      rqUid: 'a4f0c9e2-1b6d-4f3e-8a57-2e9b0d6c4f18',
      documentId: '3b8e6f2a-41d7-4c59-9a0e-7c2d5f18b6a3',
      versionCode: 'EM',
      versionNumber: 0,
      committed: true,
      repairOrderId: '24117',
      altEstimateId: '9917734052',
      claimNumber: 'FC-2026-0412',
      vin: '1FTBR2C88MKA41207',
      repairFacility: { name: 'Prairie Collision Center', shopId: null },
      totalLoss: false,
      drivable: true,
      odometer: 48213,
      warnings: [],
    });
    expect(estimate.createdAt?.toISOString()).toBe('2026-11-03T16:42:17.452Z');
    expect(estimate.lines).toHaveLength(13);
    expect(estimate.totals).toEqual({
      partsCents: 151_465,
      laborCents: 121_780,
      laborHundredths: 1_670,
      laborByType: [
        { type: 'LAB', hundredths: 690, cents: 42_780 },
        { type: 'LAR', hundredths: 600, cents: 37_200 },
        { type: 'LAM', hundredths: 380, cents: 41_800 },
      ],
      paintCents: 25_200,
      otherCents: 13_745,
      taxCents: 12_367,
      grossCents: 324_557,
      deductibleCents: 50_000,
      netCents: 274_557,
    });
    // Line 9: two pounds of refrigerant at 38.75; line 13 is a sublet.
    expect(estimate.lines[8]).toMatchObject({
      quantityHundredths: 200,
      unitPriceCents: 3_875,
      partCents: 7_750,
    });
    expect(estimate.lines[12]).toMatchObject({ operation: 'sublet', otherCents: 12_995, sublet: true });
    expect(estimate.lines[1]).toMatchObject({ operation: 'paint', laborType: 'LAR', laborCents: 17_360 });
  });

  it('reads supplement 1: the same DocumentID, SV 1, 16 lines', () => {
    const estimate = parse(fixture('estimate-supplement-1.xml'));
    expect(estimate).toMatchObject({
      rqUid: 'c71e5d38-0a92-4b6f-b3d4-85f1e27a9c60',
      documentId: '3b8e6f2a-41d7-4c59-9a0e-7c2d5f18b6a3',
      versionCode: 'SV',
      versionNumber: 1,
      warnings: [],
    });
    expect(estimate.lines).toHaveLength(16);
    expect(estimate.lines.slice(13).map((line) => line.key)).toEqual(['14', '15', '16']);
    expect(estimate.totals).toMatchObject({
      partsCents: 158_885,
      laborCents: 132_320,
      laborHundredths: 1_840,
      paintCents: 25_200,
      otherCents: 38_245,
      taxCents: 12_886,
      grossCents: 367_536,
      deductibleCents: 50_000,
      netCents: 317_536,
    });
    expect(estimate.totals.laborByType).toEqual([
      { type: 'LAB', hundredths: 860, cents: 53_320 },
      { type: 'LAR', hundredths: 600, cents: 37_200 },
      { type: 'LAM', hundredths: 380, cents: 41_800 },
    ]);
  });

  it('reads the total-loss estimate: the flag, the valuation, not drivable', () => {
    const estimate = parse(fixture('estimate-total-loss.xml'));
    expect(estimate).toMatchObject({
      claimNumber: 'FC-2026-0388',
      vin: '1GCUYDED3KZ218834',
      totalLoss: true,
      valuationCents: 1_325_000,
      drivable: false,
      warnings: [],
    });
    expect(estimate.lines).toHaveLength(10);
    expect(estimate.totals).toMatchObject({
      partsCents: 845_105,
      laborCents: 220_880,
      laborHundredths: 2_780,
      paintCents: 22_680,
      otherCents: 68_500,
      taxCents: 60_745,
      grossCents: 1_217_910,
      deductibleCents: 100_000,
      netCents: 1_117_910,
    });
    expect(estimate.totals.laborByType).toEqual([
      { type: 'LAB', hundredths: 500, cents: 31_000 },
      { type: 'LAR', hundredths: 540, cents: 33_480 },
      { type: 'LAM', hundredths: 340, cents: 37_400 },
      { type: 'LAF', hundredths: 1_400, cents: 119_000 },
    ]);
  });

  it('reads the unmatched estimate', () => {
    const estimate = parse(fixture('no-match.xml'));
    expect(estimate).toMatchObject({ claimNumber: 'ZX-7781-0042', vin: '3C6TRVDG5LE537120', warnings: [] });
    expect(estimate.lines).toHaveLength(5);
    expect(estimate.totals).toMatchObject({
      partsCents: 9_680,
      laborCents: 33_480,
      laborHundredths: 540,
      paintCents: 10_500,
      otherCents: 750,
      taxCents: 1_413,
      grossCents: 55_823,
      deductibleCents: 25_000,
      netCents: 30_823,
    });
    expect(estimate.totals.laborByType).toEqual([
      { type: 'LAB', hundredths: 290, cents: 17_980 },
      { type: 'LAR', hundredths: 250, cents: 15_500 },
    ]);
  });

  it('refuses the truncated file with the parser’s line and column', () => {
    expect(rejection(fixture('malformed.xml'))).toBe(
      'Not well-formed XML: the file ends before <LaborHours> is closed (line 336, column 19)',
    );
    expect(rejection('<VehicleDamageEstimateAddRq>\n  <RqUID>1</Rq>\n</VehicleDamageEstimateAddRq>')).toBe(
      "Not well-formed XML: Expected closing tag 'RqUID' (opened in line 2, col 3) instead of closing tag 'Rq'. (line 2, column 11)",
    );
  });

  it('refuses an acknowledgement: not an estimate', () => {
    expect(rejection(fixture('wrong-root.xml'))).toBe('Not a BMS estimate (root VehicleDamageEstimateAddRs)');
  });
});

describe('BMS estimate parser: what the samples do not cover', () => {
  const original = fixture('estimate-original.xml').toString('utf8');

  it('reads a file with a UTF-8 BOM the same as without', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(original)]);
    expect(parse(withBom).totals.grossCents).toBe(324_557);
  });

  it('reads a prefixed root and prefixed elements, and ignores xmlns:xsi noise on leaves', () => {
    const prefixed = original
      .replace(
        '<VehicleDamageEstimateAddRq xmlns="http://www.cieca.com/BMS">',
        '<bms:VehicleDamageEstimateAddRq xmlns:bms="http://www.cieca.com/BMS">',
      )
      .replace('</VehicleDamageEstimateAddRq>', '</bms:VehicleDamageEstimateAddRq>')
      .replace(/<(\/?)(DamageLineInfo|LineDesc|ClaimNum)>/g, '<$1bms:$2>')
      .replace('<VINNum>', '<VINNum xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">');
    const estimate = parse(prefixed);
    expect(estimate.claimNumber).toBe('FC-2026-0412');
    expect(estimate.vin).toBe('1FTBR2C88MKA41207');
    expect(estimate.lines).toHaveLength(13);
    expect(estimate.lines[0]!.description).toBe('Bumper cover, front');
    expect(estimate.totals.grossCents).toBe(324_557);
  });

  it('reads a file without any namespace', () => {
    const bare = original.replace(' xmlns="http://www.cieca.com/BMS"', '');
    expect(parse(bare).totals.grossCents).toBe(324_557);
  });

  it('refuses a DTD with an external entity without resolving it (XXE)', () => {
    const xxe = original
      .replace(
        '<VehicleDamageEstimateAddRq',
        '<!DOCTYPE VehicleDamageEstimateAddRq [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<VehicleDamageEstimateAddRq',
      )
      .replace('<LineDesc>Bumper cover, front</LineDesc>', '<LineDesc>&secret;</LineDesc>');
    expect(rejection(xxe)).toBe('Refused: the file declares a DTD or entities (never resolved)');
  });

  it('refuses a file over the size limit', () => {
    expect(rejection(original, 1024)).toMatch(/^File too large: [\d,]+ bytes \(the limit is 1,024\)$/);
  });

  it('refuses a file without DocumentID, or without claim number and VIN', () => {
    expect(rejection(original.replace(/<DocumentID>.*<\/DocumentID>/, ''))).toBe(
      'Not a usable estimate: DocumentInfo/DocumentID is missing',
    );
    const anonymous = original
      .replace(/<ClaimNum>.*<\/ClaimNum>/, '')
      .replace(/<RefClaimNum>.*<\/RefClaimNum>/, '<RefClaimNum>N/A</RefClaimNum>')
      .replace(/<VINNum>.*<\/VINNum>/, '');
    expect(rejection(anonymous)).toBe('Not a usable estimate: it has neither a claim number nor a VIN');
  });

  it('reads an in-progress file as preliminary', () => {
    expect(
      parse(original.replace('<DocumentStatus>C</DocumentStatus>', '<DocumentStatus>I</DocumentStatus>'))
        .committed,
    ).toBe(false);
  });

  it('recomputes the totals from the lines when the file has none, and warns when they disagree', () => {
    const withoutTotals = original.replace(/<RepairTotalsInfo>[\s\S]*<\/RepairTotalsInfo>/, '');
    const estimate = parse(withoutTotals);
    expect(estimate.totals).toMatchObject({ taxCents: 12_367, grossCents: 324_557, netCents: 274_557 });
    expect(estimate.warnings).toEqual([]);
    const tampered = parse(
      original.replace('<PartPrice>389.50</PartPrice>', '<PartPrice>389.60</PartPrice>'),
    );
    expect(tampered.warnings).toContain('Parts: the file says 1514.65, its lines add up to 1514.75');
  });

  it('reads decimals exactly and dates with seven fractional digits, an offset or unpadded parts', () => {
    expect(decimalUnits('389.5', 2, 'x')).toBe(38_950);
    expect(decimalUnits('1.155', 2, 'x')).toBe(116);
    expect(decimalUnits('-300.00', 2, 'x')).toBe(-30_000);
    expect(() => decimalUnits('12,50', 2, 'x')).toThrow(BmsRejection);
    expect(parseBmsDateTime('2016-1-20T18:01:19.7357874-08:00')?.toISOString()).toBe(
      '2016-01-21T02:01:19.735Z',
    );
    expect(parseBmsDateTime('2026-11-03T10:42:17Z')?.toISOString()).toBe('2026-11-03T10:42:17.000Z');
    expect(parseBmsDateTime('not a date')).toBeNull();
  });
});

/** The text in windows-1252 bytes: the typographic characters at their 0x80–0x9F places, the rest Latin-1. */
function windows1252(text: string): Buffer {
  const high: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 };
  return Buffer.from(Array.from(text, (char) => high[char] ?? char.charCodeAt(0)));
}

describe('BMS estimate parser: the encoding the file declares (issue 28, finding 14)', () => {
  const original = fixture('estimate-original.xml').toString('utf8');
  const FACILITY = 'O’Brien & Côté Collision';
  const LINE = 'Pare-chocs “avant” – réparé, 5 €';
  const named = (encoding: string | null) =>
    original
      .replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        encoding ? `<?xml version="1.0" encoding="${encoding}"?>` : '',
      )
      .replace(
        '<CompanyName>Prairie Collision Center</CompanyName>',
        '<CompanyName>O’Brien &amp; Côté Collision</CompanyName>',
      )
      .replace('<LastName>Okafor</LastName>', '<LastName>D’Arcy-Lefèvre</LastName>')
      .replace('<LineDesc>Bumper cover, front</LineDesc>', `<LineDesc>${LINE}</LineDesc>`);

  it('reads windows-1252 (typographic apostrophe 0x92) and ISO-8859-1 names and lines exactly', () => {
    for (const label of ['windows-1252', 'Windows-1252', 'cp1252', 'ISO-8859-1', 'iso-8859-1', 'latin1']) {
      const estimate = parse(windows1252(named(label)));
      expect(estimate.repairFacility.name, label).toBe(FACILITY);
      expect(estimate.adjuster?.name, label).toBe('Marcus D’Arcy-Lefèvre');
      expect(estimate.lines[0]!.description, label).toBe(LINE);
      expect(estimate.totals.grossCents).toBe(324_557);
    }
  });

  it('decodes the 32 bytes where windows-1252 is not Latin-1 as WHATWG does (Node’s TextDecoder does not)', () => {
    const high = Buffer.from(Array.from({ length: 32 }, (_, index) => 0x80 + index));
    expect(decodeWindows1252(high)).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ');
    expect(decodeWindows1252(Buffer.from([0x41, 0xa0, 0xe9, 0xff]))).toBe('A\u00A0éÿ');
  });

  it('reads UTF-8 with or without a BOM, and UTF-16 little- and big-endian with their BOM', () => {
    const utf8 = Buffer.from(named('UTF-8'));
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(named('UTF-16'), 'utf16le')]);
    const be = Buffer.from(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(named('UTF-16'), 'utf16le')]),
    );
    be.swap16();
    for (const content of [utf8, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]), le, be]) {
      const estimate = parse(content);
      expect(estimate.repairFacility.name).toBe(FACILITY);
      expect(estimate.lines[0]!.description).toBe(LINE);
    }
  });

  it('refuses a file that is not what it declares, or declares nothing and is not UTF-8', () => {
    expect(rejection(windows1252(named(null)))).toBe(
      'Not UTF-8 text: the file declares no encoding, so it must be UTF-8, and the byte at offset 3,753 is not. Save it as UTF-8 or declare its encoding (e.g. <?xml version="1.0" encoding="windows-1252"?>)',
    );
    expect(rejection(windows1252(named('UTF-8')))).toMatch(
      /^Not UTF-8 text although the file declares encoding="UTF-8": the byte at offset [\d,]+ is not UTF-8$/,
    );
    expect(rejection(Buffer.from(named('EBCDIC-XYZ')))).toBe(
      'Unsupported encoding "EBCDIC-XYZ": a BMS file must be UTF-8, UTF-16, windows-1252 or ISO-8859-1',
    );
    expect(rejection(Buffer.from(named('UTF-16')))).toBe(
      'The file declares encoding="UTF-16" but has no UTF-16 byte-order mark',
    );
  });
});

describe('BMS estimate parser: hostile files are rejections, never errors (issue 28, finding 5)', () => {
  const original = fixture('estimate-original.xml').toString('utf8');

  it('refuses elements nested deeper than any estimate, a NUL, and amounts no estimate has', () => {
    const deep = `<VehicleDamageEstimateAddRq>${'<a>'.repeat(120)}${'</a>'.repeat(120)}</VehicleDamageEstimateAddRq>`;
    expect(rejection(deep)).toBe(
      'Not a BMS estimate: elements nested more than 64 deep (a BMS estimate needs about 10)',
    );
    expect(rejection(original.replace('<LineDesc>Bumper cover, front', '<LineDesc>Bumper\u0000cover'))).toBe(
      'Not well-formed XML: a NUL character (line 278, column 21); is it a binary file?',
    );
    // The start of an ELF program: ASCII, so UTF-8, but no text.
    expect(rejection(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]))).toBe(
      'Not well-formed XML: a control character (U+0002) (line 1, column 5); is it a binary file?',
    );
    expect(
      rejection(original.replace('<PartPrice>389.50</PartPrice>', '<PartPrice>99999999999.99</PartPrice>')),
    ).toBe('Not a usable estimate: an amount is over $20,000,000.00, more than any estimate');
  });
});
