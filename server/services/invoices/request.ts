import { checkInvoiceRequest, type InvoiceRequest } from '#domain/invoice.ts';
import { RuleError } from '#domain/errors.ts';

/** The invoice request of a place-order call, checked (server/domain/invoice.ts), or its refusal thrown. */
export function invoiceRequestOf(request: Partial<InvoiceRequest>, country: string): InvoiceRequest {
  const checked = checkInvoiceRequest(request, country);
  if (checked.ok) return checked.request;
  if (checked.key === 'validation') throw new RuleError('validation', 'invoice request refused', checked.fields);
  throw new RuleError(checked.key, checked.key === 'invalidNip' ? 'the NIP fails its check digit' : 'no invoices here');
}
