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

/**
 * The company that sells: each concept names its legal entity (operator data, edited in the admin's concept form).
 * `code` names the entity's invoice series (2–10 capitals or digits, in the invoice number): concepts run by one
 * company share its code, and with it one series of numbers a year.
 */
export type LegalEntity = {
  code: string;
  name: string;
  street: string;
  zip: string;
  city: string;
  /** NIP in Poland, the ЄДРПОУ code in Ukraine. */
  taxId: string;
  /** The register and the entity's number in it: 'KRS 0000123456', 'ЄДР 1 234 567 8901'. */
  register: string;
};

/** What a customer asking for a company invoice gives at checkout (web or call centre). */
export type InvoiceRequest = { companyName: string; nip: string; street: string; zip: string; city: string };

/** The request's fields in the order the form shows them: a validation answer names the first empty ones. */
export const INVOICE_REQUEST_FIELDS = ['companyName', 'nip', 'street', 'zip', 'city'] as const;

/**
 * The invoice request as stored, or the key that refuses it: invoices are issued in Poland only (the Ukrainian
 * shop takes none: `invoiceUnavailable`), every field is required (`validation`, fields `invoice.<field>`), and the
 * NIP must pass its check digit (`invalidNip`). The NIP is kept as its ten digits.
 */
export function checkInvoiceRequest(
  request: Partial<InvoiceRequest>,
  country: string,
):
  | { ok: true; request: InvoiceRequest }
  | { ok: false; key: 'invoiceUnavailable' | 'invalidNip' }
  | { ok: false; key: 'validation'; fields: Record<string, 'notEmpty'> } {
  if (country !== 'pl') return { ok: false, key: 'invoiceUnavailable' };
  const trimmed = Object.fromEntries(
    INVOICE_REQUEST_FIELDS.map((field) => [field, (request[field] ?? '').trim().replace(/\s+/g, ' ')]),
  ) as InvoiceRequest;
  const empty = INVOICE_REQUEST_FIELDS.filter((field) => trimmed[field] === '');
  if (empty.length > 0)
    return { ok: false, key: 'validation', fields: Object.fromEntries(empty.map((f) => [`invoice.${f}`, 'notEmpty'])) };
  const nip = normalizeNip(trimmed.nip);
  if (!nip || !isValidNip(nip)) return { ok: false, key: 'invalidNip' };
  return { ok: true, request: { ...trimmed, nip } };
}

/** An order's line as the invoice reads it: its gross value (options included) and the rate its menu item had. */
export type OrderLineForInvoice = { name: string; quantity: number; value: number; vatRate: VatRate };
export type OrderForInvoice = {
  lines: readonly OrderLineForInvoice[];
  deliveryCosts: number;
  serviceFee: number;
  extraFee: number;
  discountValue: number;
};
export type InvoiceLineKind = 'item' | 'delivery' | 'serviceFee' | 'extraFee' | 'discount';
export type InvoiceLine = { kind: InvoiceLineKind; name: string; quantity: number; gross: number; rate: VatRate };

/**
 * The invoice's lines, adding up to what the customer paid: the order's items at their menu rates; the delivery and
 * the fees, which follow the main supply (the rate of the largest share of the products, the lower rate on a tie);
 * and the discount as one negative line per rate, shared among the rates in proportion to their products (largest
 * remainder, so the shares add up to the discount to the grosz).
 */
export function invoiceLines(order: OrderForInvoice): InvoiceLine[] {
  const items: InvoiceLine[] = order.lines.map((l) => ({
    kind: 'item',
    name: l.name,
    quantity: l.quantity,
    gross: l.value,
    rate: l.vatRate,
  }));
  const byRate = new Map<VatRate, number>();
  for (const l of order.lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.value);
  const rates = [...byRate.entries()].sort(([a], [b]) => a - b);
  const main = rates.reduce<[VatRate, number] | null>((best, row) => (!best || row[1] > best[1] ? row : best), null);
  const mainRate: VatRate = main?.[0] ?? 8;
  const extras: InvoiceLine[] = (
    [
      ['delivery', order.deliveryCosts],
      ['serviceFee', order.serviceFee],
      ['extraFee', order.extraFee],
    ] as const
  )
    .filter(([, gross]) => gross > 0)
    .map(([kind, gross]) => ({ kind, name: kind, quantity: 1, gross, rate: mainRate }));
  const discounts: InvoiceLine[] = [];
  const products = rates.reduce((sum, [, gross]) => sum + gross, 0);
  if (order.discountValue > 0 && products > 0) {
    const shares = rates.map(([rate, gross]) => {
      const exact = (order.discountValue * gross) / products;
      return { rate, share: Math.floor(exact), remainder: exact - Math.floor(exact) };
    });
    let left = order.discountValue - shares.reduce((sum, s) => sum + s.share, 0);
    for (const s of [...shares].sort((a, b) => b.remainder - a.remainder || a.rate - b.rate)) {
      if (left <= 0) break;
      s.share += 1;
      left -= 1;
    }
    for (const s of shares)
      if (s.share > 0)
        discounts.push({ kind: 'discount', name: 'discount', quantity: 1, gross: -s.share, rate: s.rate });
  }
  return [...items, ...extras, ...discounts];
}

/** The calendar date (YYYY-MM-DD) and year of an instant in Poland: an invoice's dates and its numbering year. */
export function polishDate(at: Date): { date: string; year: number } {
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return { date, year: Number(date.slice(0, 4)) };
}

export const LEGAL_ENTITY_FIELDS = ['code', 'name', 'street', 'zip', 'city', 'taxId', 'register'] as const;

/**
 * A concept's seller as the admin typed it: null when every field is empty (no seller named), else the trimmed entity
 * or the problems by field path ('legalEntity.taxId': 'invalidNip'): every field is needed, the code is 2–10 capitals
 * or digits (it names the invoice series), and a Polish brand's tax id is a valid NIP (kept as its ten digits).
 */
export function checkLegalEntity(
  input: Record<(typeof LEGAL_ENTITY_FIELDS)[number], string>,
  country: string,
):
  | { ok: true; entity: LegalEntity | null }
  | { ok: false; problems: Record<string, 'notEmpty' | 'invalid' | 'invalidNip'> } {
  const entity = Object.fromEntries(LEGAL_ENTITY_FIELDS.map((f) => [f, input[f].trim()])) as LegalEntity;
  if (LEGAL_ENTITY_FIELDS.every((f) => entity[f] === '')) return { ok: true, entity: null };
  const problems: Record<string, 'notEmpty' | 'invalid' | 'invalidNip'> = {};
  for (const f of LEGAL_ENTITY_FIELDS) if (entity[f] === '') problems[`legalEntity.${f}`] = 'notEmpty';
  if (entity.code && !/^[A-Z0-9]{2,10}$/.test(entity.code)) problems['legalEntity.code'] = 'invalid';
  if (entity.taxId && country === 'pl') {
    const nip = normalizeNip(entity.taxId);
    if (!nip || !isValidNip(nip)) problems['legalEntity.taxId'] = 'invalidNip';
    else entity.taxId = nip;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, entity };
}
