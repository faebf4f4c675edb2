import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { StaffAction } from '#domain/staff-actions.ts';
import { adminPath } from '#domain/admin-routes.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { notifyError, notifySuccess } from '#app/stores/notifications.ts';
import ActionButtons from './ActionButtons.tsx';
import { Countdown } from './Countdown.tsx';
import { dateTime, statusName, time } from './format.ts';
import { deliveryName, paymentMethodName, paymentTypeName, sourceName } from '../codes.ts';
import OrderHistory from './OrderHistory.tsx';
import OrderLines from './OrderLines.tsx';
import { InvoiceFacts } from '#app/invoices/InvoiceFacts.tsx';
import OrderPayments from './OrderPayments.tsx';
import { $staffOrder, actOnStaffOrder, loadStaffOrder } from './staff-order-store.ts';
import type { RejectionReason } from '#domain/kitchen-alarms.ts';
import { Notice } from '#app/ui/notice.tsx';
import PrintButtons from '#app/admin/tickets/PrintButtons.tsx';
import { REJECTION_REASON_LABEL } from './reason-labels.ts';
import './staff.css';

/** An order's admin page: what it is, who ordered it, payments, history, and what staff may do now. */
export default function StaffOrder({ orderId, locale }: { orderId: string; locale: UiLocale }) {
  const state = useStore($staffOrder);
  const t = { locale: messageLocale(locale) } as const;
  useEffect(() => {
    void loadStaffOrder(orderId);
  }, [orderId]);

  if (state.status === 'loading') return <Notice tone="news">{m.admin_orders_loading({}, t)}</Notice>;
  if (state.status === 'failed')
    return (
      <Notice tone="error" className="staff-alert">
        {m.admin_orders_failed({}, t)}
      </Notice>
    );
  const { order: staff, busy } = state;
  const { order } = staff;
  const act = async (action: StaffAction, minutes?: number, reason?: RejectionReason) => {
    const done = await actOnStaffOrder(action, minutes, reason);
    const now = $staffOrder.get();
    if (done && now.status === 'ready')
      notifySuccess(m.admin_orders_done({ status: statusName(now.order.order.status, locale) }, t));
    else notifyError(m.admin_orders_failed({}, t));
    return done;
  };
  const customer = order.customer;
  const address = [
    [customer.street, customer.streetNo].filter(Boolean).join(' ') + (customer.aptNo ? `/${customer.aptNo}` : ''),
    [customer.zip, customer.city].filter(Boolean).join(' '),
  ].filter((line) => line.trim() !== '');

  return (
    <div className="staff-order">
      <section className="staff-card staff-order-head" aria-labelledby="staff-order-number">
        <h2 id="staff-order-number">{m.admin_orders_number({ number: order.displayId }, t)}</h2>
        <p className={`staff-status staff-status-${order.status}`}>{statusName(order.status, locale)}</p>
        {order.status === 'rejected' && (
          <p className="staff-rejection">
            {order.rejectionReason
              ? m.admin_orders_rejection_reason({ reason: REJECTION_REASON_LABEL[order.rejectionReason]({}, t) }, t)
              : m.admin_orders_rejection_timeout({}, t)}
          </p>
        )}
        {order.status === 'new' && (
          <Countdown
            deadline={order.acceptDeadline}
            label={(time) => m.admin_orders_accept_left({ time }, t)}
            over={m.admin_orders_accept_over({}, t)}
          />
        )}
        {order.estimatedReadyAt && order.status === 'processing' && (
          <p>{m.admin_orders_estimated({ time: time(order.estimatedReadyAt, locale) }, t)}</p>
        )}
        <ActionButtons
          order={order}
          actions={staff.actions}
          locale={locale}
          busy={busy}
          defaultMinutes={order.preparationMinutes}
          onAct={act}
        />
        <PrintButtons orderId={order.id} displayId={order.displayId} locale={locale} />
      </section>

      <section className="staff-card" aria-labelledby="staff-order-facts">
        <h2 id="staff-order-facts" className="visually-hidden">
          {m.admin_orders_number({ number: order.displayId }, t)}
        </h2>
        <dl className="staff-facts">
          <dt>{m.admin_orders_placed({}, t)}</dt>
          <dd>{dateTime(order.createdAt, locale)}</dd>
          <dt>{m.admin_orders_restaurant({}, t)}</dt>
          <dd>
            {staff.restaurant.concept} · {staff.restaurant.name}{' '}
            <a href={adminPath(locale, { screen: 'kitchen', restaurant: staff.restaurant.slug })}>
              {m.admin_orders_kitchen_link({}, t)}
            </a>
          </dd>
          <dt>{m.admin_orders_source({}, t)}</dt>
          <dd>{sourceName(order.source, locale)}</dd>
          <dt>{m.admin_orders_delivery({}, t)}</dt>
          <dd>{deliveryName(order.deliveryType, locale)}</dd>
          <dt>{m.admin_orders_payment({}, t)}</dt>
          <dd>
            {paymentMethodName(order.paymentMethod, locale)} ({paymentTypeName(order.paymentType, locale)})
          </dd>
          <dt>{m.admin_orders_customer({}, t)}</dt>
          <dd>
            {customer.firstname} {customer.lastname}
            <br />
            <a href={`tel:${customer.phone.replace(/\s/g, '')}`}>{customer.phone}</a>
            <br />
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
          </dd>
          <dt>{m.admin_orders_account({}, t)}</dt>
          <dd>{staff.account ? `${staff.account.name} <${staff.account.email}>` : m.admin_orders_guest({}, t)}</dd>
          {address.length > 0 && (
            <>
              <dt>{m.admin_orders_address({}, t)}</dt>
              <dd>
                {address.map((line) => (
                  <span key={line} className="staff-line">
                    {line}
                  </span>
                ))}
              </dd>
            </>
          )}
          {order.comment && (
            <>
              <dt>{m.admin_orders_comment({}, t)}</dt>
              <dd>{order.comment}</dd>
            </>
          )}
          <InvoiceFacts invoice={order.invoice} locale={locale} />
        </dl>
      </section>

      <OrderLines order={order} locale={locale} />
      <OrderPayments payments={staff.payments} currency={staff.order.currency} locale={locale} />
      <OrderHistory history={staff.history} locale={locale} />
    </div>
  );
}
