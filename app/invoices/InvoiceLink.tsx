import { apiBase } from '#app/api-base.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import './invoice.css';

type WithInvoice = { id: string; invoice: { number: string | null } | null };

/** Where an order's invoice PDF is downloaded (the order's token opens it, as it opens the status page). */
export const invoiceHref = (orderId: string, token: string, locale: UiLocale) =>
  `${apiBase()}/api/orders/${orderId}/invoice?${new URLSearchParams({ token, lang: locale })}`;

/**
 * The company invoice of an order (issue 36): the PDF once the order is finished and the invoice issued, before that
 * the promise that it will be; nothing for an order that asked for none.
 */
export function InvoiceLink({ order, token, locale }: { order: WithInvoice; token: string; locale: UiLocale }) {
  if (!order.invoice) return null;
  const t = inLocale(locale);
  const { number } = order.invoice;
  return number ? (
    <p>
      <a className="invoice-download" href={invoiceHref(order.id, token, locale)} download>
        {m.invoice_download({ number }, t)}
      </a>
    </p>
  ) : (
    <p className="invoice-note">{m.invoice_pending({}, t)}</p>
  );
}
