import { atom } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import type { ScheduleAnswer } from '#domain/kitchen-settings.ts';

/** When the customer wants the order: as soon as possible, or a slot of the schedule offered (its ISO start). */
export type OrderTime = { mode: 'asap' } | { mode: 'slot'; slot: string };

/** The checkout's schedule (GET /api/basket/schedule) and the customer's choice; null while not loaded. */
export const $schedule = atom<ScheduleAnswer | null>(null);
export const $orderTime = atom<OrderTime>({ mode: 'asap' });

/** Reads the schedule for the visitor's basket again (on load, and after the delivery method changes). */
export async function loadSchedule(client: ApiClient = api): Promise<void> {
  const answer = await readAnswer(client.basket.schedule.$get());
  $schedule.set(answer.ok ? (answer.data.schedule as ScheduleAnswer | null) : null);
  keepChoiceOffered();
}

/** A chosen slot that is no longer offered falls back to "as soon as possible" (or the first slot when none). */
export function keepChoiceOffered(): void {
  const schedule = $schedule.get();
  const time = $orderTime.get();
  if (!schedule) return;
  if (time.mode === 'slot' && !schedule.slots.some((s) => s.slot === time.slot)) $orderTime.set({ mode: 'asap' });
}

/** The place-order body's part: the chosen slot, or nothing for "as soon as possible". */
export function scheduledForBody(time: OrderTime = $orderTime.get()): { scheduledFor?: string } {
  return time.mode === 'slot' ? { scheduledFor: time.slot } : {};
}
