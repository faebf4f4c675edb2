import { atom } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import type { FieldRule } from '#domain/errors.ts';
import { INVOICE_REQUEST_FIELDS, isValidNip, type InvoiceRequest, type LegalEntity } from '#domain/invoice.ts';

/**
 * The checkout's company invoice (issue 36) and who sells: beside the checkout's own store, so that the form adds
 * one section and the order's body one key. Also used by the call centre's order form.
 */
export type InvoiceField = (typeof INVOICE_REQUEST_FIELDS)[number];
export type InvoiceValues = { wanted: boolean } & InvoiceRequest;
export type InvoiceErrors = Partial<Record<InvoiceField, FieldRule>>;

const EMPTY: InvoiceValues = { wanted: false, companyName: '', nip: '', street: '', zip: '', city: '' };
export const $invoice = atom<InvoiceValues>(EMPTY);
export const $invoiceErrors = atom<InvoiceErrors>({});

/** The field's name in the page's form: the checkout's fields keep their plain names, these have their own. */
export const invoiceInputName = (field: InvoiceField) => `invoice${field[0]!.toUpperCase()}${field.slice(1)}`;

/** Forgets the request (the call centre's next caller). */
export function resetInvoice(): void {
  $invoice.set(EMPTY);
  $invoiceErrors.set({});
}

export function setInvoiceField<K extends keyof InvoiceValues>(field: K, value: InvoiceValues[K]): void {
  $invoice.set({ ...$invoice.get(), [field]: value });
  if (field !== 'wanted' && $invoiceErrors.get()[field as InvoiceField])
    $invoiceErrors.set({ ...$invoiceErrors.get(), [field]: undefined });
}

/** The request's problems before sending (the server checks the same: server/domain/invoice.ts). */
function problemsOf(values: InvoiceValues): InvoiceErrors {
  if (!values.wanted) return {};
  const errors: InvoiceErrors = {};
  for (const field of INVOICE_REQUEST_FIELDS) if (!values[field].trim()) errors[field] = 'notEmpty';
  if (!errors.nip && !isValidNip(values.nip)) errors.nip = 'invalidNip';
  return errors;
}

/** Checks the request when one is asked for; the first wrong field's input name, or null. */
export function checkInvoice(invoicesOffered: boolean): string | null {
  const errors = invoicesOffered ? problemsOf($invoice.get()) : {};
  $invoiceErrors.set(errors);
  const first = INVOICE_REQUEST_FIELDS.find((field) => errors[field]);
  return first ? invoiceInputName(first) : null;
}

/** The order body's `invoice`, when one is asked for (and offered: never in Ukraine). */
export function invoiceBody(invoicesOffered: boolean): { invoice?: InvoiceRequest } {
  const { wanted, ...request } = $invoice.get();
  if (!wanted || !invoicesOffered) return {};
  return { invoice: Object.fromEntries(INVOICE_REQUEST_FIELDS.map((f) => [f, request[f].trim()])) as InvoiceRequest };
}

/** The server's refusal of the request, shown at its field: true when it was about the invoice. */
export function invoiceRefusal({
  key,
  details = {},
}: {
  key: string;
  details?: Record<string, unknown>;
}): string | null {
  if (key === 'invalidNip') {
    $invoiceErrors.set({ nip: 'invalidNip' });
    return invoiceInputName('nip');
  }
  if (key !== 'validation') return null;
  const errors: InvoiceErrors = {};
  for (const field of INVOICE_REQUEST_FIELDS) {
    const rule = details[`invoice.${field}`];
    if (typeof rule === 'string') errors[field] = rule as FieldRule;
  }
  $invoiceErrors.set(errors);
  const first = INVOICE_REQUEST_FIELDS.find((field) => errors[field]);
  return first ? invoiceInputName(first) : null;
}

export type Seller = { status: 'loading' | 'ready' | 'failed'; seller: LegalEntity | null; invoices: boolean };
export const $seller = atom<Seller>({ status: 'loading', seller: null, invoices: false });
let sellerOf: string | null = null;

/** Who sells at the basket's restaurant, read once per restaurant. */
export async function loadSeller(restaurant: string, client: ApiClient = api): Promise<void> {
  if (sellerOf === restaurant && $seller.get().status === 'ready') return;
  sellerOf = restaurant;
  const answer = await readAnswer(client.restaurants[':idOrSlug'].seller.$get({ param: { idOrSlug: restaurant } }));
  if (sellerOf !== restaurant) return;
  $seller.set(answer.ok ? { status: 'ready', ...answer.data } : { status: 'failed', seller: null, invoices: false });
}
