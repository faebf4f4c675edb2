import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $myOrders, loadMyOrders } from '#app/stores/account/orders.ts';
import OrderCard from './OrderCard.tsx';
import { inLocale } from './form-helpers.ts';
import { useAccountGate } from './use-account-gate.ts';
import { Notice } from '#app/ui/notice.tsx';
import './account-forms.css';

/** My orders, newest first, 20 at a time; the static page shows nothing personal until the API has answered. */
export default function MyOrders({ locale }: { locale: UiLocale }) {
  const { status, orders, more, open } = useStore($myOrders);
  const t = inLocale(locale);
  useAccountGate(locale, status);

  useEffect(() => {
    void loadMyOrders();
  }, []);

  if (status === 'failed') {
    return (
      <Notice tone="error" className="account-alert account-alert-error">
        {errorMessage('internalError', locale)}
      </Notice>
    );
  }
  if (status !== 'ready') {
    return (
      <Notice tone="news" className="account-loading">
        {m.account_loading({}, t)}
      </Notice>
    );
  }
  if (orders.length === 0) {
    return (
      <p className="account-empty">
        {m.account_orders_empty({}, t)} <a href={pathFor('home', locale)}>→</a>
      </p>
    );
  }
  return (
    <div className="account-orders">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} open={open.includes(order.id)} locale={locale} />
      ))}
      {more && (
        <button
          type="button"
          className="account-button account-button-secondary"
          onClick={() => void loadMyOrders(undefined, true)}
        >
          {m.account_orders_more({}, t)}
        </button>
      )}
    </div>
  );
}
