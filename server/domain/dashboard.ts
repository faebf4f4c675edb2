import { Temporal } from 'temporal-polyfill';
import type { OrderStatus } from './orders.ts';

/** The dashboard's periods: today, the last 7 days and the last 30 days (today included). */
export const DASHBOARD_PERIODS = [1, 7, 30] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/**
 * The admin's calendar: "today" starts at midnight in Warsaw, where the marketplace is run and its books are kept.
 * Every admin figure (the dashboard, the sales list, the lists' date filters) reads days here, so an order placed at
 * 23:30 in Kyiv (22:30 in Warsaw) falls on the same day on every screen.
 */
export const FIGURES_TIME_ZONE = 'Europe/Warsaw';

/**
 * What the admin's figures count. An order falls in a period by when it was placed (created_at, read in
 * FIGURES_TIME_ZONE) and counts under exactly one outcome:
 * - sold: it reached the restaurant (paid online, or placed for cash or card on delivery) and was neither rejected
 *   nor canceled, whether still being prepared or already handed over. Its value is its total (dishes, delivery and
 *   fees, after discounts); a sold order is never refunded, so there is no "before/after refunds" to choose.
 * - rejected: the restaurant refused it and gave a reason (rejection_reason).
 * - missed: nobody accepted it in time, so it was rejected without a reason (acceptDeadline passed).
 * - canceled: canceled after the restaurant had accepted it.
 * An order still awaiting payment, or canceled because the payment never came, never reached a restaurant and is
 * in no figure. Rejected, missed and canceled orders paid online are refunded in full.
 */
export const FIGURE_OUTCOMES = ['sold', 'rejected', 'missed', 'canceled'] as const;
export type FigureOutcome = (typeof FIGURE_OUTCOMES)[number];

/** Statuses of a sold order: it reached the restaurant and was not refused or canceled. */
export const SOLD_STATUSES = [
  'new',
  'processing',
  'waiting_for_courier',
  'waiting_for_pickup',
  'ready_for_pickup',
  'finished',
] as const satisfies readonly OrderStatus[];

/** The statuses that mean the kitchen has the dish ready (the actual preparation time ends at the first of them). */
export const READY_STATUSES = [
  'waiting_for_courier',
  'waiting_for_pickup',
  'ready_for_pickup',
] as const satisfies readonly OrderStatus[];

/**
 * The rule of each outcome as data, so that the SQL of the figures is built from it (services/admin/figures) and
 * orderOutcome below reads the same table: status, whether a rejection reason is given, whether it was accepted.
 */
export const OUTCOME_RULES: readonly {
  outcome: FigureOutcome;
  statuses: readonly OrderStatus[];
  reason?: 'given' | 'none';
  accepted?: true;
}[] = [
  { outcome: 'sold', statuses: SOLD_STATUSES },
  { outcome: 'rejected', statuses: ['rejected'], reason: 'given' },
  { outcome: 'missed', statuses: ['rejected'], reason: 'none' },
  { outcome: 'canceled', statuses: ['canceled'], accepted: true },
];

/** Which figure an order counts in; null when it never reached a restaurant. */
export function orderOutcome(order: {
  status: OrderStatus;
  rejectionReason: string | null;
  acceptedAt: Date | string | null;
}): FigureOutcome | null {
  const rule = OUTCOME_RULES.find(
    (r) =>
      r.statuses.includes(order.status) &&
      (r.reason === undefined || (r.reason === 'given') === (order.rejectionReason !== null)) &&
      (r.accepted === undefined || order.acceptedAt !== null),
  );
  return rule?.outcome ?? null;
}

/** When a period starts: midnight of the first of its `days` days, in the figures' time zone. */
export function periodStart(days: DashboardPeriod, now: Date, timeZone: string = FIGURES_TIME_ZONE): Date {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
  const first = today.subtract({ days: days - 1 });
  return new Date(first.toZonedDateTime({ timeZone }).epochMilliseconds);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the figures' time zone: a sales row's day. */
export function figuresDay(at: Date, timeZone: string = FIGURES_TIME_ZONE): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}
