import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { $order, $setup, $stage } from '#app/stores/checkout.ts';
import { statusUrl } from '#app/stores/payment-flow.ts';
import { AwaitingTransfer } from './AwaitingTransfer.tsx';
import PaymentRetry from './PaymentRetry.tsx';

/**
 * What the summary page shows once the order exists: 'payment is being processed' while a Blik waits for the bank,
 * the way back to the bank page or to pay again while a transfer waits, the retry right away after a declined or canceled payment, and the link to the order's
 * status page (where the page goes by itself once nothing is left to pay).
 */
export function PaymentPanel({ locale }: { locale: UiLocale }) {
  const order = useStore($order);
  const stage = useStore($stage);
  const { basket } = useStore($setup);
  const t = inLocale(locale);
  if (!order) return null;
  const status = statusUrl(locale, order.orderId, order.token);
  const country = (order.view.restaurant.country ?? basket?.country ?? 'pl') as 'pl' | 'ua' | 'pt';
  return (
    <section className="checkout-payment" aria-live="polite" data-stage={stage}>
      {stage === 'processing' && (
        <div className="checkout-processing" role="status">
          <span className="checkout-spinner" aria-hidden="true" />
          <p>
            <strong>{m.checkout_processing({}, t)}</strong>
            {order.view.paymentMethod === 'blik' && <br />}
            {order.view.paymentMethod === 'blik' && m.checkout_processingBlik({}, t)}
          </p>
        </div>
      )}
      {stage === 'redirect' && <AwaitingTransfer order={order.view} token={order.token} locale={locale} />}
      {(stage === 'declined' || stage === 'canceled') && (
        <PaymentRetry locale={locale} orderId={order.orderId} token={order.token} country={country} />
      )}
      {stage === 'settled' && <p className="account-alert account-alert-ok">{m.checkout_placedEarlier({}, t)}</p>}
      {stage === 'closed' && (
        <p className="account-alert account-alert-error">{errorMessage('orderNotAwaitingPayment', locale)}</p>
      )}
      <p>
        <a href={status}>{m.checkout_toStatus({}, t)}</a>
      </p>
    </section>
  );
}
