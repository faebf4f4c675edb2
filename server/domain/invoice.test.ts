import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPANY } from './company.ts';
import { POLISH_VAT_RATES, invoiceNumber, isValidNip, normalizeNip, vatSummary } from './invoice.ts';

describe('NIP', () => {
  it('accepts real numbers as people write them', () => {
    expect(isValidNip(COMPANY.nip)).toBe(true);
    expect(isValidNip('525-281-23-49')).toBe(true);
    expect(isValidNip('PL 525 281 23 49')).toBe(true);
    expect(isValidNip('pl5252812349')).toBe(true);
    expect(isValidNip('7740001454')).toBe(true);
    expect(normalizeNip('PL 525-281-23-49')).toBe('5252812349');
  });

  it('refuses a wrong check digit, a wrong length, letters, zeros and a check sum of 10', () => {
    expect(isValidNip('5252812348')).toBe(false);
    expect(isValidNip('525281234')).toBe(false);
    expect(isValidNip('52528123490')).toBe(false);
    expect(isValidNip('52528I2349')).toBe(false);
    expect(isValidNip('0000000000')).toBe(false);
    // 1,2,3,4,5,6,7,8,9 weighted: 6+10+21+8+15+24+35+48+63 = 230, 230 mod 11 = 10: no digit makes it valid.
    for (let d = 0; d <= 9; d++) expect(isValidNip(`123456789${d}`)).toBe(false);
    expect(normalizeNip('')).toBeNull();
  });

  it('any one digit changed breaks a valid number (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
        const digits = COMPANY.nip.split('').map(Number);
        digits[position] = (digits[position]! + shift) % 10;
        expect(isValidNip(digits.join(''))).toBe(false);
      }),
    );
  });
});

describe('VAT summary', () => {
  it('takes each rate’s VAT out of its gross total once, rounded to the grosz', () => {
    // Two meals at 8 % (39,00 + 24,50 zł), a drink at 23 % (9,00 zł), delivery at 8 % (7,99 zł).
    const summary = vatSummary([
      { gross: 3900, rate: 8 },
      { gross: 900, rate: 23 },
      { gross: 2450, rate: 8 },
      { gross: 799, rate: 8 },
    ]);
    expect(summary.rows).toEqual([
      { rate: 8, net: 6619, vat: 530, gross: 7149 },
      { rate: 23, net: 732, vat: 168, gross: 900 },
    ]);
    expect(summary.total).toEqual({ net: 7351, vat: 698, gross: 8049 });
    expect(vatSummary([])).toEqual({ rows: [], total: { net: 0, vat: 0, gross: 0 } });
    expect(() => vatSummary([{ gross: 10.5, rate: 8 }])).toThrow(RangeError);
  });

  it('adds up to what was paid, and no rate’s VAT is off by more than half a grosz (property)', () => {
    const line = fc.record({ gross: fc.integer({ min: 0, max: 100_000 }), rate: fc.constantFrom(...POLISH_VAT_RATES) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const { rows, total } = vatSummary(lines);
        expect(total.gross).toBe(lines.reduce((sum, l) => sum + l.gross, 0));
        expect(total.net + total.vat).toBe(total.gross);
        for (const row of rows)
          expect(Math.abs(row.vat - (row.gross * row.rate) / (100 + row.rate))).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('invoice numbers', () => {
  it('run per seller and year, five digits', () => {
    expect(invoiceNumber('MFG', 2026, 42)).toBe('FV/2026/00042/MFG');
    expect(() => invoiceNumber('mfg', 2026, 1)).toThrow(RangeError);
    expect(() => invoiceNumber('MFG', 2026, 0)).toThrow(RangeError);
  });
});
