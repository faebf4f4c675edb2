import type { InvoiceRequest } from '#domain/invoice.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';

/**
 * A staff screen's facts about the company invoice an order asked for (issue 36): the company, its NIP and address,
 * and the invoice's number once issued. A term and its description, for the screen's own <dl>.
 */
export function InvoiceFacts({
  invoice,
  locale,
}: {
  invoice: { request: InvoiceRequest; number: string | null } | null;
  locale: UiLocale;
}) {
  if (!invoice) return null;
  const t = inLocale(locale);
  const { companyName, nip, street, zip, city } = invoice.request;
  return (
    <>
      <dt>{m.invoice_legend({}, t)}</dt>
      <dd data-testid="staff-invoice">
        {`${companyName}, NIP ${nip}, ${street}, ${zip} ${city}`}
        {invoice.number && <span className="staff-line">{invoice.number}</span>}
      </dd>
    </>
  );
}
