// A company invoice for an order (issue 36): the buyer's Polish tax number and the VAT summary by rate. Prices in the
// shop are gross (what a consumer pays), so each rate's VAT is taken out of that rate's gross total once, rounded to the
// grosz (the method of the Polish VAT act, art. 106e(10)–(11), for invoices computed from gross amounts).

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** A NIP as written by people: spaces, hyphens and a leading 'PL' allowed; the ten digits or null. */
export function normalizeNip(value: string): string | null {
  const digits = value.trim().replace(/^PL/i, '').replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** The NIP's check digit: the weighted sum of the first nine modulo 11, where 10 never makes a valid number. */
export function isValidNip(value: string): boolean {
  const nip = normalizeNip(value);
  if (!nip || /^0+$/.test(nip)) return false;
  const sum = NIP_WEIGHTS.reduce((total, weight, i) => total + weight * Number(nip[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(nip[9]);
}

/** The rates the demo menus use in Poland: meals 8 %, most drinks 23 % (issue 36's demo default). */
export const POLISH_VAT_RATES = [0, 5, 8, 23] as const;
export type VatRate = (typeof POLISH_VAT_RATES)[number];

export type VatLine = { gross: number; rate: VatRate };
export type VatSummaryRow = { rate: VatRate; net: number; vat: number; gross: number };

/**
 * The invoice's summary by rate, in minor units, rates in ascending order, and the totals. Each row's net plus VAT is
 * its gross exactly, so the invoice adds up to what the customer paid.
 */
export function vatSummary(lines: readonly VatLine[]): {
  rows: VatSummaryRow[];
  total: { net: number; vat: number; gross: number };
} {
  const grossByRate = new Map<VatRate, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.gross)) throw new RangeError(`a gross amount is whole minor units, got ${line.gross}`);
    grossByRate.set(line.rate, (grossByRate.get(line.rate) ?? 0) + line.gross);
  }
  const rows = [...grossByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, gross]) => {
      const vat = Math.round((gross * rate) / (100 + rate));
      return { rate, net: gross - vat, vat, gross };
    });
  const total = rows.reduce(
    (sum, row) => ({ net: sum.net + row.net, vat: sum.vat + row.vat, gross: sum.gross + row.gross }),
    { net: 0, vat: 0, gross: 0 },
  );
  return { rows, total };
}

/**
 * An invoice's number: its seller's own series, per year, without gaps (the sequence comes from the database, one
 * counter per legal entity and year). 'FV/2026/00042/MFG'.
 */
export function invoiceNumber(entityCode: string, year: number, sequence: number): string {
  if (!/^[A-Z0-9]{2,10}$/.test(entityCode)) throw new RangeError(`an entity code is 2–10 capitals or digits`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError('an invoice sequence starts at 1');
  return `FV/${year}/${String(sequence).padStart(5, '0')}/${entityCode}`;
}
