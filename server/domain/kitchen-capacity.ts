import { Temporal } from 'temporal-polyfill';
import { type WorkingHours, openThroughout } from './hours.ts';
import { RuleError } from './rule-error.ts';

// A kitchen is a location: every brand cooked there shares its capacity (issue 34). These are its rules, pure, so
// that checkout, the call centre, the bot and the kitchen board all promise the same times.

/** Capacity is counted in slots of a quarter of an hour of the kitchen's own clock (12:00, 12:15, …). */
export const SLOT_MINUTES = 15;
/** The one-tap choices of busy mode on the kitchen board. */
export const BUSY_EXTRA_MINUTES = [10, 20, 30] as const;
/** How long a pause lasts; null in a choice means "until I resume". */
export const BUSY_PAUSE_MINUTES = [15, 30, 60] as const;
const REASON_MAX_LENGTH = 200;

export type BusyMode =
  | { kind: 'extraTime'; extraMinutes: number; until: Temporal.Instant | null }
  | { kind: 'paused'; reason: string; until: Temporal.Instant | null };

export type BusyChoice =
  | { kind: 'extraTime'; extraMinutes: number; forMinutes: number | null }
  | { kind: 'paused'; reason: string; forMinutes: number | null };

/** A kitchen's limit per slot; a null member is no limit of that kind. */
export type SlotCapacity = { orders: number | null; items: number | null };
/** What a slot already holds. */
export type SlotLoad = { orders: number; items: number };

/** The busy mode a tap starts at `now`, checked against the board's choices. */
export function startBusyMode(choice: BusyChoice, now: Temporal.Instant): BusyMode {
  const until = choice.forMinutes === null ? null : now.add({ minutes: choice.forMinutes });
  if (choice.kind === 'extraTime') {
    if (!(BUSY_EXTRA_MINUTES as readonly number[]).includes(choice.extraMinutes)) {
      throw new RuleError('validation', `extra minutes must be one of ${BUSY_EXTRA_MINUTES.join(', ')}`, {
        extraMinutes: 'invalid',
      });
    }
    if (choice.forMinutes !== null && !(choice.forMinutes > 0 && Number.isInteger(choice.forMinutes))) {
      throw new RuleError('validation', 'extra time lasts a whole number of minutes', { forMinutes: 'invalid' });
    }
    return { kind: 'extraTime', extraMinutes: choice.extraMinutes, until };
  }
  const reason = choice.reason.trim();
  if (reason === '') throw new RuleError('validation', 'a pause says why', { reason: 'notEmpty' });
  if (reason.length > REASON_MAX_LENGTH) {
    throw new RuleError('validation', 'the reason is too long', { reason: 'tooLong' });
  }
  if (choice.forMinutes !== null && !(BUSY_PAUSE_MINUTES as readonly number[]).includes(choice.forMinutes)) {
    throw new RuleError('validation', `a pause lasts ${BUSY_PAUSE_MINUTES.join(', ')} minutes or until resumed`, {
      forMinutes: 'invalid',
    });
  }
  return { kind: 'paused', reason, until };
}

/** The busy mode in force at `now`: none once its time is up, so it ends by itself without anyone writing. */
export function busyModeAt(mode: BusyMode | null, now: Temporal.Instant): BusyMode | null {
  if (!mode) return null;
  if (mode.until && Temporal.Instant.compare(now, mode.until) >= 0) return null;
  return mode;
}

/** The kitchen's preparation time at `now`: its usual one plus any extra time busy mode adds. */
export function preparationMinutesAt(usualMinutes: number, mode: BusyMode | null, now: Temporal.Instant): number {
  const active = busyModeAt(mode, now);
  return usualMinutes + (active?.kind === 'extraTime' ? active.extraMinutes : 0);
}

/** Whether new orders wait at `now`, and until when (null: until someone resumes). */
export function pauseAt(mode: BusyMode | null, now: Temporal.Instant): { until: Temporal.Instant | null } | null {
  const active = busyModeAt(mode, now);
  return active?.kind === 'paused' ? { until: active.until } : null;
}

const SLOT_MS = SLOT_MINUTES * 60_000;
/** Since 1980 every time zone's offset is a whole number of quarter hours (Nepal's +5:45 included). */
const QUARTER_HOUR_OFFSETS_SINCE = Date.UTC(1980, 0, 1);

/**
 * The slot an instant falls in: the quarter of an hour of the kitchen's clock that holds it. Where every offset is a
 * whole number of quarter hours, the kitchen's quarter hours start where UTC's do, so no zone is consulted (place-order
 * asks for every order, and the zone arithmetic of the Temporal polyfill is not cheap); earlier instants go by the zone.
 */
export function slotOf(instant: Temporal.Instant, timeZone: string): Temporal.Instant {
  const ms = instant.epochMilliseconds;
  if (ms >= QUARTER_HOUR_OFFSETS_SINCE)
    return Temporal.Instant.fromEpochMilliseconds(Math.floor(ms / SLOT_MS) * SLOT_MS);
  return instant
    .toZonedDateTimeISO(timeZone)
    .round({ smallestUnit: 'minute', roundingIncrement: SLOT_MINUTES, roundingMode: 'floor' })
    .toInstant();
}

/** Whether an order of `items` items still fits a slot holding `load`. */
export function hasRoom(capacity: SlotCapacity | null, load: SlotLoad, items: number): boolean {
  if (!capacity) return true;
  if (capacity.orders !== null && load.orders + 1 > capacity.orders) return false;
  if (capacity.items !== null && load.items + items > capacity.items) return false;
  return true;
}

export type KitchenFacts = {
  timeZone: string;
  hours: WorkingHours;
  /** The preparation time in force (preparationMinutesAt). */
  preparationMinutes: number;
  capacity: SlotCapacity | null;
  /** What each slot already holds, by the slot's start in epoch milliseconds; a slot not named is empty. */
  load: ReadonlyMap<number, SlotLoad>;
};

export type SlotPromise = {
  /** The slot the order counts against. */
  slot: Temporal.Instant;
  /** When the food is ready to hand over (pickup, or to the courier). */
  readyAt: Temporal.Instant;
  /** When the kitchen starts cooking: ready time minus preparation time. */
  fireAt: Temporal.Instant;
};

const EMPTY: SlotLoad = { orders: 0, items: 0 };
const loadOf = (facts: KitchenFacts, slot: Temporal.Instant) => facts.load.get(slot.epochMilliseconds) ?? EMPTY;

/**
 * An "as soon as possible" order: ready after the preparation time, in the first slot from then on with room. In a
 * later slot it is ready at that slot's start, and the kitchen starts cooking that much later. Null when no slot
 * has room within `searchHours` (the kitchen is full for the evening: the caller refuses the order).
 */
export function asapPromise(
  facts: KitchenFacts,
  now: Temporal.Instant,
  items: number,
  searchHours = 6,
): SlotPromise | null {
  // In epoch milliseconds: a slot's start plus a quarter hour is the next one's (slotOf), and place-order searches
  // on every order of a throttled kitchen, where the Temporal polyfill's arithmetic per slot is not cheap.
  const preparationMs = facts.preparationMinutes * 60_000;
  const earliest = now.epochMilliseconds + preparationMs;
  const last = earliest + searchHours * 3_600_000;
  for (
    let slot = slotOf(Temporal.Instant.fromEpochMilliseconds(earliest), facts.timeZone).epochMilliseconds;
    slot <= last;
    slot += SLOT_MS
  ) {
    if (!hasRoom(facts.capacity, facts.load.get(slot) ?? EMPTY, items)) continue;
    const readyAt = Math.max(slot, earliest);
    const instant = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms);
    return { slot: instant(slot), readyAt: instant(readyAt), fireAt: instant(readyAt - preparationMs) };
  }
  return null;
}

/** When a delivered order reaches the door: its ready time plus the restaurant's delivery time. */
export function deliveredAt(readyAt: Temporal.Instant, deliveryMinutes: number): Temporal.Instant {
  return readyAt.add({ minutes: deliveryMinutes });
}

export type ScheduleOffer = { slot: Temporal.Instant; readyAt: Temporal.Instant; fireAt: Temporal.Instant };

/**
 * The slots a customer may choose for a scheduled order: from the first one the kitchen can still make, to the end of
 * the kitchen's day `horizonDays` days after today, where the kitchen is open from the moment it starts cooking to the
 * moment the food is ready, and the slot has room. The food is promised for the slot's start. Steps are exact
 * quarters of an hour, so the day the clocks go back offers its repeated hour twice and the day they go forward skips
 * the missing one.
 */
export function scheduleOffers(
  facts: KitchenFacts,
  now: Temporal.Instant,
  items: number,
  horizonDays: number,
): ScheduleOffer[] {
  const earliest = now.add({ minutes: facts.preparationMinutes });
  const firstSlot = slotOf(earliest, facts.timeZone);
  const start =
    Temporal.Instant.compare(firstSlot, earliest) < 0 ? firstSlot.add({ minutes: SLOT_MINUTES }) : firstSlot;
  const end = now
    .toZonedDateTimeISO(facts.timeZone)
    .toPlainDate()
    .add({ days: horizonDays + 1 })
    .toZonedDateTime(facts.timeZone)
    .toInstant();
  const offers: ScheduleOffer[] = [];
  for (let slot = start; Temporal.Instant.compare(slot, end) < 0; slot = slot.add({ minutes: SLOT_MINUTES })) {
    const fireAt = slot.subtract({ minutes: facts.preparationMinutes });
    if (!openThroughout(facts.hours, facts.timeZone, fireAt, slot)) continue;
    if (!hasRoom(facts.capacity, loadOf(facts, slot), items)) continue;
    offers.push({ slot, readyAt: slot, fireAt });
  }
  return offers;
}

/**
 * Whether a kitchen may take a scheduled order now: when it is open, or when it takes pre-orders while closed (a
 * setting, off by default, where the spec's restaurantClosed rule holds as for any order).
 */
export function takesScheduledOrders(openNow: boolean, preOrdersWhileClosed: boolean): boolean {
  return openNow || preOrdersWhileClosed;
}

/** Where a scheduled order sits on the kitchen board: 'later' until its fire time, then 'toCook'. */
export function boardColumn(fireAt: Temporal.Instant, now: Temporal.Instant): 'later' | 'toCook' {
  return Temporal.Instant.compare(now, fireAt) < 0 ? 'later' : 'toCook';
}

/**
 * How late orders were ready against their promise, in whole minutes (early orders count as negative): the median and
 * the 90th percentile by the nearest-rank method, null for no orders.
 */
export function lateness(
  orders: readonly { promisedAt: Temporal.Instant; readyAt: Temporal.Instant }[],
): { p50: number; p90: number } | null {
  if (orders.length === 0) return null;
  const minutes = orders
    .map((o) => Math.round(o.readyAt.since(o.promisedAt).total({ unit: 'minutes' })))
    .sort((a, b) => a - b);
  const rank = (p: number) => minutes[Math.max(0, Math.ceil((p / 100) * minutes.length) - 1)] ?? 0;
  return { p50: rank(50), p90: rank(90) };
}
