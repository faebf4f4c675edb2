import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { m } from '#i18n/paraglide/messages.js';
import { Countdown } from '#app/admin/orders/Countdown.tsx';
import { $escalations, followEscalations } from './escalations-store.ts';
import { inLocale, type UiLocale } from './texts.ts';
import './phone-order.css';
import './escalation.css';

/**
 * Orders nobody at the restaurant accepted within its escalation minutes, still waiting: the agent phones the
 * restaurant (a tel: link, one tap on a softphone or a mobile) before the acceptance window rejects the order. Shown
 * only while there is one; the list follows the server live.
 */
export default function EscalationCard({ locale }: { locale: UiLocale }) {
  const { escalations, offsetMs } = useStore($escalations);
  const t = inLocale(locale);
  useEffect(() => followEscalations(), []);
  const orders = escalations?.orders ?? [];
  return (
    <div aria-live="polite">
      {orders.length > 0 && (
        <section className="cc-escalations" aria-labelledby="cc-escalations-title">
          <h2 id="cc-escalations-title">{m.cc_escalations_title({ count: orders.length }, t)}</h2>
          <p>{m.cc_escalations_hint({}, t)}</p>
          <ul>
            {orders.map((order) => (
              <li key={order.id} data-order={order.id}>
                <strong>{m.cc_escalations_order({ id: order.displayId }, t)}</strong>{' '}
                <span>
                  {order.restaurant.concept} · {order.restaurant.name}
                </span>{' '}
                <Countdown
                  className="cc-escalations-countdown"
                  deadline={order.acceptDeadline}
                  offsetMs={offsetMs}
                  label={(time) => m.cc_escalations_left({ time }, t)}
                  over={m.cc_escalations_over({}, t)}
                />
                {order.restaurant.phone ? (
                  <a className="cc-escalations-call" href={`tel:${order.restaurant.phone.replace(/[^0-9+]/g, '')}`}>
                    {m.cc_escalations_call({ phone: order.restaurant.phone }, t)}
                  </a>
                ) : (
                  <span className="cc-escalations-call">{m.cc_escalations_noPhone({}, t)}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
