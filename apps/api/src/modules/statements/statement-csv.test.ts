import { describe, expect, it } from 'vitest';
import { csvAmount, csvText } from './statement-csv';

describe('a statement CSV cell', () => {
  it('is quoted only when it must be, with quotes doubled', () => {
    expect(csvText('Covered bay near MG Road')).toBe('Covered bay near MG Road');
    expect(csvText('Bay 4, Koramangala')).toBe('"Bay 4, Koramangala"');
    expect(csvText('The "blue" gate')).toBe('"The ""blue"" gate"');
    expect(csvText('Line one\nline two')).toBe('"Line one\nline two"');
  });

  it('never starts with what a spreadsheet takes for a formula', () => {
    expect(csvText('=1+1')).toBe("'=1+1");
    expect(csvText('+91 98765 43210')).toBe("'+91 98765 43210");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvText('\tcmd')).toBe("'\tcmd");
    expect(csvText('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('a=b')).toBe('a=b');
  });

  it('writes paise as rupees with two decimals, negative ones with a minus and no quote', () => {
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(123456)).toBe('1234.56');
    expect(csvAmount(-1500)).toBe('-15.00');
    expect(csvAmount(-7)).toBe('-0.07');
  });
});
