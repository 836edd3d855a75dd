import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.js';
import { centsToDecimal } from './money.js';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and leaves empty what is missing', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', null, undefined, 3])).toBe(
      '"a,b","say ""hi""","two\nlines",,,3\r\n',
    );
  });

  it('neutralises a leading formula sign but keeps negative numbers numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-7)).toBe('-7');
  });

  it('writes cents as dollars with two decimals, exactly', () => {
    expect(centsToDecimal(162_147)).toBe('1621.47');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(1_000_000_000)).toBe('10000000.00');
  });
});
