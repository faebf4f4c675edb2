import { describe, expect, it } from 'vitest';
import { csvAmount, csvField, csvLine } from './csv.ts';

describe('csv', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Kowalski, Jan')).toBe('"Kowalski, Jan"');
    expect(csvField('Pizza "Roma"')).toBe('"Pizza ""Roma"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('writes text that a spreadsheet would run as a formula with an apostrophe first', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvField('+48 600 700 800')).toBe("'+48 600 700 800");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    // Numbers we write ourselves are not text a customer typed.
    expect(csvField(12)).toBe('12');
  });

  it('writes amounts in minor units as decimals with a dot', () => {
    expect(csvAmount(12345)).toBe('123.45');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(100)).toBe('1.00');
  });
});
