import type { StaffAction } from '#domain/staff-actions.ts';
import type { RejectionReason } from '#domain/kitchen-alarms.ts';
import { adminPath } from '#domain/admin-routes.ts';
import type { KitchenCard as Card } from '#app/api-types.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import ActionButtons from '#app/admin/orders/ActionButtons.tsx';
import { Countdown } from '#app/admin/orders/Countdown.tsx';
import { statusName, time } from '#app/admin/orders/format.ts';
import TicketActions from '#app/admin/tickets/TicketActions.tsx';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { allergenTexts } from '#i18n/allergen-texts.ts';
import { linesByBrand, namesBrands } from '#domain/order-brands.ts';

type Props = {
  order: Card;
  locale: UiLocale;
  offsetMs: number;
  fresh: boolean;
  busy: boolean;
  onAct: (action: StaffAction, minutes?: number, reason?: RejectionReason) => Promise<boolean>;
  onAcknowledge: () => void;
};

type Items = Card['items'];

function ItemList({ items, locale }: { items: Items; locale: UiLocale }) {
  return (
    <ul className="kitchen-card-items">
      {items.map((item, i) => (
        <li key={i}>
          <strong>{item.quantity}×</strong> {item.name}
          {item.mods.length > 0 && <small>{item.mods.map((mod) => mod.name).join(', ')}</small>}
          <Allergens info={item.allergens} texts={allergenTexts(locale)} className="kitchen-card-allergens" />
        </li>
      ))}
    </ul>
  );
}

/**
 * An order several brands at this kitchen cook (issue 35): one section per brand, its tag in the brand's colour and
 * its lines under it, so every station sees the whole bag and the parts finish together.
 */
function BrandSections({ order, locale }: { order: Card; locale: UiLocale }) {
  const t = { locale: messageLocale(locale) } as const;
  return (
    <div className="kitchen-brands" role="group" aria-label={m.admin_kitchen_brands({}, t)}>
      {linesByBrand(order.items, order.brands).map(({ brand, lines }) => {
        const tagId = `kitchen-brand-${order.id}-${brand.restaurantId}`;
        const look = brand.look;
        return (
          <section
            key={brand.restaurantId}
            className="kitchen-brand"
            aria-labelledby={tagId}
            data-brand={brand.conceptSlug}
            style={look ? { borderColor: look.colour } : undefined}
          >
            <p
              id={tagId}
              className="kitchen-brand-tag"
              style={look ? { background: look.colour, color: look.onColour } : undefined}
            >
              {brand.conceptName}
            </p>
            <ItemList items={lines} locale={locale} />
          </section>
        );
      })}
    </div>
  );
}

/** One order on the kitchen board: number, what to cook, the countdown or the promised time, and the one-tap actions. */
export default function KitchenCard({ order, locale, offsetMs, fresh, busy, onAct, onAcknowledge }: Props) {
  const t = { locale: messageLocale(locale) } as const;
  const classes = ['kitchen-card', `kitchen-card-${order.status}`];
  if (fresh) classes.push('kitchen-card-fresh');
  if (order.alarm) classes.push('kitchen-card-alarm');
  return (
    <article className={classes.join(' ')} aria-labelledby={`kitchen-order-${order.id}`} data-order={order.id}>
      <header className="kitchen-card-head">
        <h3 id={`kitchen-order-${order.id}`}>
          <a href={adminPath(locale, { screen: 'show', entity: 'orders', id: order.id })}>#{order.displayId}</a>
        </h3>
        <span className="kitchen-card-type">
          {order.groups.selfPickup ? m.admin_kitchen_pickup({}, t) : m.admin_kitchen_delivery({}, t)}
        </span>
      </header>
      <p className="kitchen-card-status">{statusName(order.status, locale)}</p>
      {order.alarm && (
        <div className="kitchen-card-alarm-bar">
          <p className="kitchen-card-alarm-label">{m.admin_kitchen_alarm({}, t)}</p>
          <button type="button" className="staff-action kitchen-acknowledge" disabled={busy} onClick={onAcknowledge}>
            {m.admin_kitchen_acknowledge({}, t)}
          </button>
        </div>
      )}
      {order.status === 'new' && order.escalatedAt && (
        <p className="kitchen-card-escalated">{m.admin_kitchen_escalated({}, t)}</p>
      )}
      {order.status === 'new' && (
        <Countdown
          className="kitchen-countdown"
          deadline={order.acceptDeadline}
          offsetMs={offsetMs}
          label={(clock) => m.admin_orders_accept_left({ time: clock }, t)}
          over={m.admin_orders_accept_over({}, t)}
        />
      )}
      {order.status === 'processing' && order.estimatedReadyAt && (
        <p className="kitchen-card-eta">
          {m.admin_orders_estimated({ time: time(order.estimatedReadyAt, locale) }, t)}
        </p>
      )}
      {namesBrands(order.brands) ? (
        <BrandSections order={order} locale={locale} />
      ) : (
        <ItemList items={order.items} locale={locale} />
      )}
      {order.comment && <p className="kitchen-card-comment">{order.comment}</p>}
      <ActionButtons
        order={order}
        actions={order.actions}
        locale={locale}
        busy={busy}
        defaultMinutes={order.preparationMinutes}
        onAct={onAct}
        large
      />
      <TicketActions order={order} locale={locale} offsetMs={offsetMs} />
    </article>
  );
}
