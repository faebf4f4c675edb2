import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { KITCHEN_COLUMNS } from '#domain/staff-actions.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { notifyError } from '#app/stores/notifications.ts';
import KitchenAlarm from './KitchenAlarm.tsx';
import KitchenCard from './KitchenCard.tsx';
import AutoPrintSetting from '#app/admin/tickets/AutoPrintSetting.tsx';
import { $kitchen, acknowledgeInKitchen, actInKitchen, followKitchen } from './kitchen-store.ts';
import { Notice } from '#app/ui/notice.tsx';
import { BusyControl } from '#app/capacity/BusyControl.tsx';
import { IngredientStock } from './IngredientStock.tsx';
import { LaterColumn, useBoardClock, waitsForLater } from '#app/capacity/LaterColumn.tsx';
import { KitchenHours } from './KitchenHours.tsx';
import '#app/admin/orders/staff.css';

// Each title named on its own: a computed name (m[key]) keeps the whole catalogue in the island (decision 010).
const COLUMN_TITLES = [m.admin_kitchen_col_new, m.admin_kitchen_col_processing, m.admin_kitchen_col_ready] as const;

/** A restaurant's live queue in three columns (new, preparing, ready), for a tablet on the kitchen wall. */
export default function KitchenBoard({ restaurant, locale }: { restaurant: string; locale: UiLocale }) {
  const state = useStore($kitchen);
  const t = { locale: messageLocale(locale) } as const;

  useEffect(() => followKitchen(restaurant), [restaurant]);
  const now = useBoardClock(state.offsetMs);

  const all = state.queue?.orders ?? [];
  // Accepted orders whose fire time is still ahead wait in "later" (issue 34), then move to their column by themselves.
  const later = all.filter((o) => waitsForLater(o, now));
  const orders = all.filter((o) => !later.includes(o));
  if (state.missing)
    return (
      <Notice tone="error" className="staff-alert">
        {m.admin_kitchen_not_found({}, t)}
      </Notice>
    );
  return (
    <div className="kitchen">
      <div className="kitchen-bar">
        <p className={`kitchen-connection${state.online ? '' : ' kitchen-offline'}`} role="status">
          {state.online ? m.admin_kitchen_live({}, t) : m.admin_kitchen_offline({}, t)}
        </p>
        <KitchenAlarm
          ringing={orders.filter((o) => o.alarm).length}
          restaurant={state.queue?.restaurant.name ?? restaurant}
          locale={locale}
        />
        <AutoPrintSetting restaurant={restaurant} locale={locale} />
        {state.queue && (
          <KitchenHours
            schedule={state.queue.schedule}
            timeZone={state.queue.kitchen.timeZone}
            now={now}
            locale={locale}
          />
        )}
        {state.queue && <BusyControl queue={state.queue} locale={locale} />}
        <IngredientStock restaurant={restaurant} locale={locale} />
      </div>
      <div className="kitchen-columns kitchen-columns-later">
        {KITCHEN_COLUMNS.map((statuses, i) => {
          const cards = orders.filter((o) => (statuses as readonly string[]).includes(o.status));
          const titleId = `kitchen-col-${i}`;
          return (
            <section key={titleId} className="kitchen-column" aria-labelledby={titleId}>
              <h2 id={titleId}>
                {COLUMN_TITLES[i]?.({}, t)} <span className="kitchen-count">{cards.length}</span>
              </h2>
              {cards.length === 0 ? (
                <p className="kitchen-empty">{m.admin_kitchen_empty({}, t)}</p>
              ) : (
                cards.map((order) => (
                  <KitchenCard
                    key={order.id}
                    order={order}
                    locale={locale}
                    offsetMs={state.offsetMs}
                    fresh={state.fresh.includes(order.id)}
                    busy={state.busy.includes(order.id)}
                    onAcknowledge={() =>
                      void acknowledgeInKitchen(order.id).then((done) => {
                        if (!done) notifyError(m.admin_orders_failed({}, t));
                      })
                    }
                    onAct={async (action, minutes, reason) => {
                      const done = await actInKitchen(order.id, action, minutes, reason);
                      if (!done) notifyError(m.admin_orders_failed({}, t));
                      return done;
                    }}
                  />
                ))
              )}
            </section>
          );
        })}
        {/* Last: what waits for its fire time needs no hand now; new orders stay first, where eyes go. */}
        <LaterColumn orders={later} locale={locale} timeZone={state.queue?.kitchen.timeZone ?? 'Europe/Warsaw'} />
      </div>
    </div>
  );
}
