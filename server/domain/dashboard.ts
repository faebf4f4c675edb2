import { Temporal } from 'temporal-polyfill';
import type { OrderStatus } from './orders.ts';

/** The dashboard's periods: today, the last 7 days and the last 30 days (today included). */
export const DASHBOARD_PERIODS = [1, 7, 30] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** The admin's calendar: "today" starts at midnight in Warsaw, where the marketplace is run from. */
const DASHBOARD_TIME_ZONE = 'Europe/Warsaw';

/** Orders that count as sales: they reached the restaurant and were not refused or canceled. */
export const SOLD_STATUSES = [
  'new',
  'processing',
  'waiting_for_courier',
  'waiting_for_pickup',
  'ready_for_pickup',
  'finished',
] as const satisfies readonly OrderStatus[];

/** When a period starts: midnight of the first of its `days` days, in the dashboard's time zone. */
export function periodStart(days: DashboardPeriod, now: Date, timeZone: string = DASHBOARD_TIME_ZONE): Date {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
  const first = today.subtract({ days: days - 1 });
  return new Date(first.toZonedDateTime({ timeZone }).epochMilliseconds);
}
