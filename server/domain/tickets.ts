import { Temporal } from 'temporal-polyfill';
import type { Currency } from './money.ts';

// What the kitchen ticket and the packing slip say (issue 34): the rules behind their lines, pure, so the ticket's
// endpoint and its print view agree. The layout (80 mm paper) is the print view's.

/** The two papers: the ticket the cooks work from, and the slip that goes into the bag. */
export const TICKET_KINDS = ['kitchen', 'packing'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export const isTicketKind = (value: unknown): value is TicketKind =>
  typeof value === 'string' && (TICKET_KINDS as readonly string[]).includes(value);

/**
 * What the person handing the bag over must know about the money: nothing to take (paid online), the total to take
 * in cash or by card on delivery or pickup, or that the online payment has not come in (such an order is not yet the
 * kitchen's, but a slip printed early must not say "paid").
 */
export type TicketPayment =
  | { state: 'paid' }
  | { state: 'toCollect'; amount: number; currency: Currency; by: 'cash' | 'card' }
  | { state: 'unpaid' };

export function ticketPayment(order: {
  paymentType: string;
  paidAt: string | Date | null;
  total: number;
  currency: Currency;
}): TicketPayment {
  if (order.paymentType === 'cash' || order.paymentType === 'card')
    return { state: 'toCollect', amount: order.total, currency: order.currency, by: order.paymentType };
  return order.paidAt ? { state: 'paid' } : { state: 'unpaid' };
}

/**
 * A time as the kitchen reads it on paper: the restaurant's own clock (its country's zone, not the printing tablet's),
 * 24-hour 'HH:MM', with the day ('DD.MM') only when it is not the day the ticket is printed (a scheduled order).
 */
export function kitchenClock(
  at: Temporal.Instant,
  timeZone: string,
  now: Temporal.Instant,
): { time: string; day: string | null } {
  const local = at.toZonedDateTimeISO(timeZone);
  const today = now.toZonedDateTimeISO(timeZone).toPlainDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    time: `${pad(local.hour)}:${pad(local.minute)}`,
    day: Temporal.PlainDate.compare(local.toPlainDate(), today) === 0 ? null : `${pad(local.day)}.${pad(local.month)}`,
  };
}

/** The delivery address as the slip prints it: street and number (with the flat), then zip and city. */
export function addressLines(customer: {
  street?: string | undefined;
  streetNo?: string | undefined;
  aptNo?: string | undefined;
  zip?: string | undefined;
  city?: string | undefined;
}): string[] {
  const street = [customer.street, customer.streetNo].filter(Boolean).join(' ');
  const first = street && customer.aptNo ? `${street}/${customer.aptNo}` : street;
  const second = [customer.zip, customer.city].filter(Boolean).join(' ');
  return [first, second].filter((line) => line.trim() !== '');
}

/** How many pieces go into the bag: the lines' quantities added up (the packer counts them off the slip). */
export const pieceCount = (lines: readonly { quantity: number }[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * How long after its acceptance an order still prints by itself on a board with auto-print on: a board that sees the
 * acceptance (a tap here or on another tablet, the restaurant's auto-accept) prints at once; one opened later does
 * not print the kitchen's earlier orders again.
 */
export const AUTO_PRINT_WINDOW_MINUTES = 2;

/**
 * Whether a board with auto-print on prints an order's kitchen ticket now: accepted (cooking) within the window, and
 * not printed on this device yet (`printed`: the ids this device has printed by itself).
 */
export function shouldAutoPrint(
  order: { id: string; status: string; acceptedAt: string | null },
  now: Temporal.Instant,
  printed: ReadonlySet<string>,
): boolean {
  if (order.status !== 'processing' || !order.acceptedAt || printed.has(order.id)) return false;
  const since = now.since(Temporal.Instant.from(order.acceptedAt)).total({ unit: 'minutes' });
  return since < AUTO_PRINT_WINDOW_MINUTES;
}
