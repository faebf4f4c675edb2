import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPANY } from './company.ts';
import {
  POLISH_VAT_RATES,
  checkInvoiceRequest,
  checkLegalEntity,
  invoiceLines,
  invoiceNumber,
  isValidNip,
  normalizeNip,
  polishDate,
  vatSummary,
} from './invoice.ts';

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

describe('an invoice request at checkout', () => {
  const request = {
    companyName: ' Firma  Sp. z o.o. ',
    nip: 'PL 525-281-23-49',
    street: 'ul. Złota 44',
    zip: '00-120',
    city: 'Warszawa',
  };

  it('is kept trimmed, with the NIP as its ten digits', () => {
    expect(checkInvoiceRequest(request, 'pl')).toEqual({
      ok: true,
      request: { ...request, companyName: 'Firma Sp. z o.o.', nip: '5252812349' },
    });
  });

  it('is refused with invalidNip for a wrong check digit, and names the empty fields', () => {
    expect(checkInvoiceRequest({ ...request, nip: '5252812348' }, 'pl')).toEqual({ ok: false, key: 'invalidNip' });
    expect(checkInvoiceRequest({ ...request, nip: '52528' }, 'pl')).toEqual({ ok: false, key: 'invalidNip' });
    expect(checkInvoiceRequest({ ...request, companyName: '  ', zip: undefined as never }, 'pl')).toEqual({
      ok: false,
      key: 'validation',
      fields: { 'invoice.companyName': 'notEmpty', 'invoice.zip': 'notEmpty' },
    });
  });

  it('is not taken in Ukraine', () => {
    expect(checkInvoiceRequest(request, 'ua')).toEqual({ ok: false, key: 'invoiceUnavailable' });
  });
});

describe('invoice lines', () => {
  it('adds the delivery and fees at the main rate and shares the discount among the rates to the grosz', () => {
    const lines = invoiceLines({
      lines: [
        { name: 'Pizza', quantity: 2, value: 7800, vatRate: 8 },
        { name: 'Cola', quantity: 1, value: 900, vatRate: 23 },
      ],
      deliveryCosts: 799,
      serviceFee: 0,
      extraFee: 499,
      discountValue: 1001,
    });
    expect(lines.map(({ kind, gross, rate }) => [kind, gross, rate])).toEqual([
      ['item', 7800, 8],
      ['item', 900, 23],
      ['delivery', 799, 8],
      ['extraFee', 499, 8],
      // 1001 × 7800/8700 = 897.4…, 1001 × 900/8700 = 103.5…: the larger remainder takes the last grosz.
      ['discount', -897, 8],
      ['discount', -104, 23],
    ]);
  });

  it('always add up to what the customer paid (property)', () => {
    const line = fc.record({
      name: fc.constant('x'),
      quantity: fc.integer({ min: 1, max: 9 }),
      value: fc.integer({ min: 0, max: 50_000 }),
      vatRate: fc.constantFrom(...POLISH_VAT_RATES),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 100 }),
        (items, delivery, fee, percent) => {
          const products = items.reduce((sum, l) => sum + l.value, 0);
          const discountValue = Math.floor((products * percent) / 100);
          const lines = invoiceLines({
            lines: items,
            deliveryCosts: delivery,
            serviceFee: fee,
            extraFee: 0,
            discountValue,
          });
          const paid = products + delivery + fee - discountValue;
          expect(lines.reduce((sum, l) => sum + l.gross, 0)).toBe(paid);
          expect(vatSummary(lines).total.gross).toBe(paid);
          // No rate's discount exceeds what was bought at that rate.
          for (const rate of POLISH_VAT_RATES) {
            const atRate = lines.filter((l) => l.rate === rate);
            const bought = atRate.filter((l) => l.kind === 'item').reduce((sum, l) => sum + l.gross, 0);
            const taken = -atRate.filter((l) => l.kind === 'discount').reduce((sum, l) => sum + l.gross, 0);
            expect(taken).toBeLessThanOrEqual(bought);
          }
        },
      ),
    );
  });
});

describe('a concept’s seller', () => {
  const entity = {
    code: 'PFR',
    name: 'Pasta Fresca Polska sp. z o.o.',
    street: 'ul. Mokotowska 48',
    zip: '00-543',
    city: 'Warszawa',
    taxId: '521-301-78-43',
    register: 'KRS 0000874512',
  };

  it('is none when every field is empty, and needs every field otherwise', () => {
    const blank = { code: ' ', name: '', street: '', zip: '', city: '', taxId: '', register: '' };
    expect(checkLegalEntity(blank, 'pl')).toEqual({ ok: true, entity: null });
    expect(checkLegalEntity({ ...blank, name: 'X' }, 'pl')).toMatchObject({
      ok: false,
      problems: { 'legalEntity.code': 'notEmpty', 'legalEntity.taxId': 'notEmpty' },
    });
  });

  it('checks a Polish seller’s NIP and the series code; a Ukrainian tax id is kept as typed', () => {
    expect(checkLegalEntity(entity, 'pl')).toEqual({ ok: true, entity: { ...entity, taxId: '5213017843' } });
    expect(checkLegalEntity({ ...entity, taxId: '5213017842' }, 'pl')).toEqual({
      ok: false,
      problems: { 'legalEntity.taxId': 'invalidNip' },
    });
    expect(checkLegalEntity({ ...entity, code: 'pf' }, 'pl')).toEqual({
      ok: false,
      problems: { 'legalEntity.code': 'invalid' },
    });
    expect(checkLegalEntity({ ...entity, taxId: '43912785' }, 'ua')).toMatchObject({ ok: true });
  });
});

describe('dates in Poland', () => {
  it('give the invoice its date and its numbering year by the Polish calendar', () => {
    expect(polishDate(new Date('2026-12-31T23:30:00Z'))).toEqual({ date: '2027-01-01', year: 2027 });
    expect(polishDate(new Date('2026-07-01T21:59:00Z'))).toEqual({ date: '2026-07-01', year: 2026 });
  });
});
