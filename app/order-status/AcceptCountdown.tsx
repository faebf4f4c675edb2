import { useEffect, useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { secondsLeft, type OrderStatusState } from '#app/stores/order-status.ts';
import { inLocale } from '#app/account/form-helpers.ts';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The time left for the restaurant to accept (spec section 2), counted down each second from what the server said
 * when the order arrived. A timer, not a live region: screen readers are not told every second.
 */
export default function AcceptCountdown({
  state,
  locale,
}: {
  state: Pick<OrderStatusState, 'order' | 'receivedAt'>;
  locale: UiLocale;
}) {
  // Null until mounted: the server's HTML and the first render show the server's own number.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const t = inLocale(locale);
  const left = now === null ? (state.order?.acceptSecondsLeft ?? null) : secondsLeft(state, now);
  if (left === null) return null;
  if (left === 0) return <p className="status-countdown-over">{m.status_countdownOver({}, t)}</p>;
  return (
    <div className="status-countdown">
      <span id="status-countdown-label">{m.status_countdown({}, t)}</span>
      <span role="timer" aria-labelledby="status-countdown-label" className="status-countdown-clock">
        {clock(left)}
      </span>
    </div>
  );
}
