import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { countryOf } from '#domain/money.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $orderStatus, followOrder, refreshOrder, showOrder, type OrderStatusView } from '#app/stores/order-status.ts';
import { paymentStage } from '#app/stores/payment-flow.ts';
import { AwaitingTransfer, PayUntil } from '#app/checkout/AwaitingTransfer.tsx';
import { inLocale, useHydrated } from '#app/account/form-helpers.ts';
import ReorderButton from '#app/orders/ReorderButton.tsx';
import { REJECTION_REASON, STATUS_NAME, STATUS_SENTENCE } from '#app/orders/status-texts.ts';
import AcceptCountdown from './AcceptCountdown.tsx';
import '#app/account/account-forms.css';
import '#app/checkout/checkout.css';

// Only an order whose payment failed needs the retry form: its code (the checkout's methods and rules) loads then.
const PaymentRetry = lazy(() => import('#app/checkout/PaymentRetry.tsx'));
import OrderTiming from './OrderTiming.tsx';
import { Notice } from '#app/ui/notice.tsx';
import { InvoiceLink } from '#app/invoices/InvoiceLink.tsx';
import { SellerNotice } from '#app/invoices/SellerNotice.tsx';

/**
 * The live part of the status page: the status and what it means (a live region, so a change is read out), payment
 * being processed, a transfer waiting for the customer at their bank (back to it, or pay again, and until when), or
 * a payment to be tried again; the thanks once the order is placed for real (not while it waits to be paid); the
 * countdown to acceptance, the times, the refund promise of a rejected paid order, and the refresh and order-again
 * actions. The server rendered it with the order it read; after
 * hydration it follows the order's event stream.
 */
export default function OrderStatusPanel({
  locale,
  token,
  initial,
}: {
  locale: UiLocale;
  token: string;
  initial: OrderStatusView;
}) {
  const state = useStore($orderStatus);
  // The store is empty in the server's render and the first client render: both show the page's own order.
  const order = state.order?.id === initial.id ? state.order : initial;
  const t = inLocale(locale);
  const hydrated = useHydrated();
  const payAgainLink = (
    <p>
      <a className="status-pay-again" href={pathFor('summary', locale)}>
        {m.status_payAgain({}, t)}
      </a>
    </p>
  );

  useEffect(() => {
    showOrder(initial);
    return followOrder(initial.id, token);
  }, [initial, token]);

  // Where the payment of an order waiting for it stands: a Blik being approved is being processed; a transfer left at
  // the bank page, or a declined or canceled payment, is not: nothing is paid until the customer pays again.
  const stage = order.groups.waitingForPayment ? paymentStage(order) : null;
  const paymentFailed = stage === 'declined' || stage === 'canceled';
  const paid = order.paidAt !== null || order.refund !== null;
  const refundText = order.restaurant.country === 'ua' ? m.status_refund_ua({}, t) : m.status_refund_pl({}, t);
  const tone = order.groups.rejected ? 'bad' : order.groups.finished ? 'done' : 'live';

  return (
    <section className="status-panel" aria-labelledby="status-now">
      {!order.groups.rejected && !order.groups.waitingForPayment && (
        <div className="status-thanks">
          <p className="status-thanks-title">{m.status_thanks({}, t)}</p>
          <p>{m.status_thanksText({}, t)}</p>
        </div>
      )}
      <h2 id="status-now" className="status-now">
        {m.status_now({}, t)}{' '}
        <span className={`status-badge status-badge-${tone}`} data-status={order.status}>
          {STATUS_NAME[order.status]({}, t)}
        </span>
      </h2>
      <div role="status" aria-atomic="true" className="status-message">
        <p className="status-sentence">{STATUS_SENTENCE[order.status]({}, t)}</p>
        {order.status === 'rejected' && (
          <p className="status-rejection-reason">
            {m.status_rejectionReason(
              {
                reason: order.rejectionReason
                  ? REJECTION_REASON[order.rejectionReason]({}, t)
                  : m.status_rejectionReason_timeout({}, t),
              },
              t,
            )}
          </p>
        )}
        {stage === 'processing' && <p className="status-processing">{m.status_paymentProcessing({}, t)}</p>}
        {paymentFailed && <p className="status-warning">{m.status_paymentFailed({}, t)}</p>}
        {order.groups.rejected && paid && <p className="status-refund">{refundText}</p>}
      </div>
      {stage === 'redirect' && <AwaitingTransfer order={order} token={token} locale={locale} />}
      {paymentFailed && <PayUntil order={order} locale={locale} />}
      {paymentFailed && (
        <div className="account-forms">
          {/* The server's render and the first client render show the way to pay again on the summary page; after
              hydration the retry form loads here (rendering it lazily on the server would stream a script the CSP
              refuses). */}
          {hydrated ? (
            <Suspense fallback={payAgainLink}>
              <PaymentRetry
                locale={locale}
                orderId={order.id}
                token={token}
                country={countryOf(order.restaurant.country)}
              />
            </Suspense>
          ) : (
            payAgainLink
          )}
        </div>
      )}
      {order.groups.waitingForRestaurantAccept && (
        <AcceptCountdown state={{ order, receivedAt: state.receivedAt }} locale={locale} />
      )}
      <OrderTiming order={order} locale={locale} />
      <InvoiceLink order={order} token={token} locale={locale} />
      <div className="status-actions">
        {/* Before hydration this form reloads the page, which shows the status as it is now; after, the API answers. */}
        <form
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            void refreshOrder(order.id, token);
          }}
        >
          <button type="submit" className="status-refresh" disabled={state.refreshing}>
            {state.refreshing ? m.status_refreshing({}, t) : m.status_refresh({}, t)}
          </button>
        </form>
        <ReorderButton locale={locale} orderId={order.id} token={token} />
      </div>
      <p className={`status-connection status-connection-${state.connection}`} aria-live="polite">
        {state.connection === 'live'
          ? m.status_live({}, t)
          : state.connection === 'reconnecting'
            ? m.status_reconnecting({}, t)
            : m.status_connecting({}, t)}
      </p>
      {state.refreshFailed && (
        <Notice tone="error" className="status-warning">
          {m.status_refreshFailed({}, t)}
        </Notice>
      )}
      <SellerNotice seller={order.seller} country={order.restaurant.country} locale={locale} heading="h3" />
    </section>
  );
}
