import { Temporal } from 'temporal-polyfill';
import { RuleError } from './rule-error.ts';

/** Spec section 4, with waiting_for_pickup included (design.md). */
export const ORDER_STATUSES = [
  'waiting_for_payment',
  'new',
  'processing',
  'waiting_for_courier',
  'waiting_for_pickup',
  'ready_for_pickup',
  'finished',
  'rejected',
  'canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_SOURCES = ['web', 'cc', 'bot'] as const;

/** Spec section 9: pickup time. */
export const PICKUP_MINUTES = 30;
/** design.md: waiting_for_payment longer than this → canceled. */
export const PAYMENT_TIMEOUT_MINUTES = 15;
/** design.md: new longer than the (configurable) acceptance window → rejected. */
export const DEFAULT_ACCEPTANCE_MINUTES = 10;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * design.md's table, plus new → canceled: the customer may call off an order the restaurant has not accepted yet
 * (decision 045, through the call centre). Everything not listed, including staying in the same status, is refused.
 */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  waiting_for_payment: ['new', 'canceled'],
  new: ['processing', 'rejected', 'canceled'],
  processing: ['waiting_for_courier', 'ready_for_pickup', 'waiting_for_pickup', 'canceled'],
  waiting_for_courier: ['finished'],
  waiting_for_pickup: ['finished'],
  ready_for_pickup: ['finished'],
  finished: [],
  rejected: [],
  canceled: [],
};

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return TRANSITIONS[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) {
    throw new RuleError('invalidStatusTransition', `cannot go from ${from} to ${to}`, { from, to });
  }
}

// Derived groups, spec section 4.
export function isWaitingForPayment(status: OrderStatus): boolean {
  return status === 'waiting_for_payment';
}
export function isWaitingForRestaurantAccept(status: OrderStatus): boolean {
  return status === 'new';
}
export function isFinished(status: OrderStatus): boolean {
  return status === 'finished' || status === 'rejected' || status === 'canceled';
}
export function isRejected(status: OrderStatus): boolean {
  return status === 'rejected' || status === 'canceled';
}
export function isReadyToPickup(status: OrderStatus): boolean {
  return status === 'ready_for_pickup';
}
/** Self pickup is a property of the delivery type, not of the status. */
export function isSelfPickup(deliveryType: string): boolean {
  return deliveryType === 'pickup';
}

/**
 * The call centre cancels an order for its customer only before the restaurant has accepted it: once it cooks, the
 * restaurant decides (its own cancel action). Decision 045.
 */
export function isCancellableForCustomer(status: OrderStatus): boolean {
  return status === 'waiting_for_payment' || status === 'new';
}

/** True when this status is final: no transition leaves it. */
export function isTerminal(status: OrderStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/** When an unpaid order gets canceled. */
export function paymentDeadline(createdAt: Temporal.Instant): Temporal.Instant {
  return createdAt.add({ minutes: PAYMENT_TIMEOUT_MINUTES });
}

/** When a new order not yet accepted gets rejected; `since` is when it became new. */
export function acceptanceDeadline(
  since: Temporal.Instant,
  acceptanceMinutes: number = DEFAULT_ACCEPTANCE_MINUTES,
): Temporal.Instant {
  return since.add({ minutes: acceptanceMinutes });
}

/**
 * The automatic transition due at `now`, if any: waiting_for_payment past the payment timeout →
 * canceled; new past the acceptance window → rejected. `since` is when the order entered its status.
 */
export function overdueTransition(
  status: OrderStatus,
  since: Temporal.Instant,
  now: Temporal.Instant,
  acceptanceMinutes: number = DEFAULT_ACCEPTANCE_MINUTES,
): OrderStatus | null {
  if (status === 'waiting_for_payment' && Temporal.Instant.compare(now, paymentDeadline(since)) >= 0) return 'canceled';
  if (status === 'new' && Temporal.Instant.compare(now, acceptanceDeadline(since, acceptanceMinutes)) >= 0)
    return 'rejected';
  return null;
}

/** Whole seconds left for the restaurant to accept, for the summary page countdown; never below 0. */
export function acceptanceSecondsLeft(
  since: Temporal.Instant,
  now: Temporal.Instant,
  acceptanceMinutes: number = DEFAULT_ACCEPTANCE_MINUTES,
): number {
  const ms = acceptanceDeadline(since, acceptanceMinutes).epochMilliseconds - now.epochMilliseconds;
  return Math.max(0, Math.ceil(ms / 1000));
}

/** Spec section 3: the order number customers see is the last 5 characters of basketId. */
export function displayId(basketId: string | number): string {
  return String(basketId).slice(-5);
}

// Pictographs plus what only makes sense next to them: variation selector 16, zero-width joiner,
// skin tones, flags (regional indicators), tag characters and keycaps ('1️⃣' loses the whole keycap).
const EMOJI =
  /[0-9#*]\uFE0F?\u20E3|\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}\u{E0020}-\u{E007F}]|\uFE0F|\u200D|\u20E3/gu;

/**
 * Spec section 3: emoji are stripped from item names when displayed; the gaps they leave collapse. Applied on the
 * server, where names leave it, so every screen shows one name and no island carries the rule: the menu as it is
 * built (server/services/catalogue/menu.ts: restaurant page, brand sites, call centre, bot), the priced basket
 * (server/services/basket/priced.ts: basket, checkout, and the names an order is placed with), the order views
 * (server/services/orders/view.ts: status page, my orders, staff and kitchen screens, older orders included), the
 * confirmation e-mail and the reorder answer. The admin menu editor alone shows names as written: it edits them.
 */
export function stripEmoji(name: string): string {
  return name
    .replace(EMOJI, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
