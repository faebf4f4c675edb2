import { useEffect } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { useStore } from '#app/stores/use-store.ts';
import type { Basket } from '#app/stores/basket.ts';
import { $orderTime, $schedule, loadSchedule } from './order-time.ts';
import { OrderTimePicker } from './OrderTimePicker.tsx';

/** The checkout's "when": reads the schedule for the basket on the page, again when its delivery method changes. */
export function CheckoutOrderTime({ locale, basket }: { locale: UiLocale; basket: Basket | null | undefined }) {
  const schedule = useStore($schedule);
  const value = useStore($orderTime);
  const method = basket?.deliveryMethod;
  const id = basket?.id;
  useEffect(() => {
    if (id) void loadSchedule();
  }, [id, method]);
  if (!basket) return null;
  return (
    <OrderTimePicker
      locale={locale}
      schedule={schedule}
      value={value}
      onChange={(time) => $orderTime.set(time)}
      pickup={basket.deliveryMethod === 'pickup'}
    />
  );
}
