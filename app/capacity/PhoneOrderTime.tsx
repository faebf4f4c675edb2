import { useEffect } from 'react';
import { atom } from 'nanostores';
import type { UiLocale } from '#i18n/messages.ts';
import { api } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { useStore } from '#app/stores/use-store.ts';
import type { ScheduleAnswer } from '#domain/kitchen-settings.ts';
import { $basket } from '#app/callcentre/phone-order.ts';
import type { OrderTime } from './order-time.ts';
import { OrderTimePicker } from './OrderTimePicker.tsx';

/** The call centre's schedule for the basket the agent builds, and the caller's choice (issue 34). */
const $ccSchedule = atom<ScheduleAnswer | null>(null);
export const $ccOrderTime = atom<OrderTime>({ mode: 'asap' });

/** "When" on the call centre's order form: the same choice and promise as the shop's checkout. */
export function PhoneOrderTime({ locale, pickup }: { locale: UiLocale; pickup: boolean }) {
  const basket = useStore($basket);
  const schedule = useStore($ccSchedule);
  const value = useStore($ccOrderTime);
  const id = basket?.id;
  const items = basket?.itemCount ?? 0;
  useEffect(() => {
    if (!id || items === 0) {
      $ccSchedule.set(null);
      return;
    }
    void readAnswer(api.cc.baskets[':basketId'].schedule.$get({ param: { basketId: id } })).then((answer) => {
      const next = answer.ok ? (answer.data.schedule as ScheduleAnswer | null) : null;
      $ccSchedule.set(next);
      const time = $ccOrderTime.get();
      if (time.mode === 'slot' && !next?.slots.some((s) => s.slot === time.slot)) $ccOrderTime.set({ mode: 'asap' });
    });
  }, [id, items]);
  return (
    <OrderTimePicker
      locale={locale}
      schedule={schedule}
      value={value}
      onChange={(time) => $ccOrderTime.set(time)}
      pickup={pickup}
      idPrefix="cc-order-time"
    />
  );
}
