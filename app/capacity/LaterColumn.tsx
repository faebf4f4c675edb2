import { useEffect, useState } from 'react';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import type { KitchenCard } from '#app/api-types.ts';
import { Temporal } from 'temporal-polyfill';
import { boardColumn } from '#domain/kitchen-capacity.ts';
import { formatPromise } from '#domain/promise-time.ts';
import { namesBrands } from '#domain/order-brands.ts';
import './kitchen-board.css';

/** The server's clock on the board, a tick every 20 seconds: a "later" order moves to cook at its fire time. */
export function useBoardClock(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 20_000);
    return () => clearInterval(timer);
  }, [offsetMs]);
  return now;
}

/** An accepted order the kitchen starts later (a scheduled order, or one in a later slot): before its fire time. */
export function waitsForLater(order: KitchenCard, now: number): boolean {
  const fireAt = order.promise?.fireAt;
  if (!fireAt || order.status !== 'processing') return false;
  return boardColumn(Temporal.Instant.from(fireAt), Temporal.Instant.fromEpochMilliseconds(now)) === 'later';
}

/** The board's "later" column: what to start cooking and when, soonest first. */
export function LaterColumn({
  orders,
  locale,
  timeZone,
}: {
  orders: KitchenCard[];
  locale: UiLocale;
  timeZone: string;
}) {
  const t = { locale: messageLocale(locale) } as const;
  const sorted = [...orders].sort((a, b) => Date.parse(a.promise!.fireAt!) - Date.parse(b.promise!.fireAt!));
  return (
    <section className="kitchen-column" aria-labelledby="kitchen-col-later" data-testid="kitchen-later">
      <h2 id="kitchen-col-later">
        {m.capacity_later_column({}, t)} <span className="kitchen-count">{sorted.length}</span>
      </h2>
      {sorted.length === 0 ? (
        <p className="kitchen-empty">{m.admin_kitchen_empty({}, t)}</p>
      ) : (
        sorted.map((order) => (
          <article key={order.id} className="kitchen-card" aria-label={`#${order.displayId}`}>
            <p className="kitchen-card-head">
              <strong>#{order.displayId}</strong>{' '}
              {m.capacity_ready_by({ time: formatPromise(order.promise!.readyAt, timeZone, locale) }, t)}
            </p>
            <p className="kitchen-fire-at">
              {m.capacity_fire_at({ time: formatPromise(order.promise!.fireAt!, timeZone, locale) }, t)}
            </p>
            <ul>
              {order.items.map((item, i) => (
                <li key={i}>
                  {item.quantity} × {item.name}
                  {/* Several brands cook it (issue 35): which one each line is for; the card's sections come later. */}
                  {namesBrands(order.brands) && <small> · {item.brand.conceptName}</small>}
                </li>
              ))}
            </ul>
          </article>
        ))
      )}
    </section>
  );
}
