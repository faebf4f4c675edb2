import { lazy, Suspense, useId, useState } from 'react';
import { countryOf } from '#domain/money.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale, useHydrated } from '#app/account/form-helpers.ts';
import { restaurantTime } from '#app/orders/restaurant-time.ts';
import type { OrderView } from '#app/stores/payment-flow.ts';

// The retry form (the checkout's methods and rules) loads only when the customer chooses to pay again.
const PaymentRetry = lazy(() => import('./PaymentRetry.tsx'));

type Order = Pick<OrderView, 'id' | 'payment' | 'paymentDeadline' | 'restaurant'>;

/** Until when the order can be paid, by the restaurant's clock, in the page's language (then it is canceled). */
export function PayUntil({
  order,
  locale,
}: {
  order: Pick<Order, 'paymentDeadline' | 'restaurant'>;
  locale: UiLocale;
}) {
  if (!order.paymentDeadline) return null;
  const time = restaurantTime(order.paymentDeadline, order.restaurant.country, locale);
  return <p className="checkout-pay-until">{m.checkout_payUntil({ time }, inLocale(locale))}</p>;
}

/**
 * An order whose bank transfer was started and not finished: the customer left the bank page (or never got there).
 * Nothing is being processed, so the page says so, says until when the order can be paid, and offers both ways on:
 * back to the same payment at the bank (a plain link, before any script too), or paying again, by another method
 * or a new transfer. The summary page and the order's status page both show it.
 */
export function AwaitingTransfer({ order, token, locale }: { order: Order; token: string; locale: UiLocale }) {
  const [payingAgain, setPayingAgain] = useState(false);
  const hydrated = useHydrated();
  const retryId = useId();
  const t = inLocale(locale);
  const bank = order.payment?.redirectUrl ?? null;
  return (
    <div className="checkout-bank" data-payment="awaiting-transfer">
      <p>
        <strong>{m.checkout_awaitingTransfer({}, t)}</strong> {m.checkout_transferNotReceived({}, t)}
      </p>
      <PayUntil order={order} locale={locale} />
      <p className="checkout-bank-actions">
        {bank && (
          <a className="account-button checkout-back-to-bank" href={bank}>
            {m.checkout_continueAtBank({}, t)}
          </a>
        )}
        {/* Opens the retry form, which needs its island: before hydration there is nothing to open. */}
        <button
          type="button"
          className="account-button account-button-secondary checkout-pay-again"
          aria-expanded={payingAgain}
          aria-controls={retryId}
          disabled={!hydrated}
          onClick={() => setPayingAgain((open) => !open)}
        >
          {m.checkout_retry_title({}, t)}
        </button>
      </p>
      <div id={retryId}>
        {payingAgain && (
          <Suspense fallback={null}>
            <PaymentRetry
              locale={locale}
              orderId={order.id}
              token={token}
              country={countryOf(order.restaurant.country)}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
