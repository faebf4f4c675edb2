import type { StaffOrder } from '#app/api-types.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { formatMoney, type Currency } from '#domain/money.ts';
import { dateTime } from './format.ts';
import { paymentMethodName, paymentStatusName, providerName, reasonName, refundStatusName } from '../codes.ts';

/** Every payment attempt of the order, with its refunds. */
export default function OrderPayments({
  payments,
  currency,
  locale,
}: {
  payments: StaffOrder['payments'];
  currency: Currency;
  locale: UiLocale;
}) {
  const t = { locale: messageLocale(locale) } as const;
  return (
    <section className="staff-card" aria-labelledby="staff-order-payments">
      <h2 id="staff-order-payments">{m.admin_orders_payments({}, t)}</h2>
      {payments.length === 0 ? (
        <p>{m.admin_orders_no_payments({}, t)}</p>
      ) : (
        <ul className="staff-payments">
          {payments.map((payment) => (
            <li key={payment.id}>
              <span>
                {dateTime(payment.createdAt, locale)} · {providerName(payment.provider)}{' '}
                {paymentMethodName(payment.method, locale)} · {formatMoney(payment.amount, currency, locale)} ·{' '}
                <strong>{paymentStatusName(payment.status, locale)}</strong>
              </span>
              {payment.refunds.map((refund) => (
                <span key={refund.id} className="staff-refund">
                  {m.admin_orders_refund(
                    {
                      amount: formatMoney(refund.amount, currency, locale),
                      status: refundStatusName(refund.status, locale),
                    },
                    t,
                  )}{' '}
                  ({reasonName(refund.reason, locale)})
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
