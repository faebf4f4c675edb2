import { Temporal } from 'temporal-polyfill';
import {
  type BusyMode,
  type KitchenFacts,
  type SlotLoad,
  asapPromise,
  busyModeAt,
  deliveredAt,
  pauseAt,
  preparationMinutesAt,
  scheduleOffers,
  slotOf,
  takesScheduledOrders,
} from './kitchen-capacity.ts';
import { type WorkingHours, isOpenAt } from './hours.ts';
import { RuleError } from './rule-error.ts';

// A kitchen's capacity settings and busy mode as stored on its location (decision 053), and the promise an order gets
// from them: the one place where checkout, the call centre, the bot and the basket compute it.

/** Busy mode as stored (locations.busy): the domain's BusyMode with its instants as ISO strings. */
export type StoredBusy =
  | { kind: 'extraTime'; extraMinutes: number; until: string | null; since: string }
  | { kind: 'paused'; reason?: string; until: string | null; since: string };

export type KitchenSettings = {
  slotOrders: number | null;
  slotItems: number | null;
  preOrdersWhileClosed: boolean;
  horizonDays: number;
  deliveryMinutes: number;
};

export type Kitchen = KitchenSettings & { busy: StoredBusy | null };

export const KITCHEN_LIMITS = {
  slotOrders: { min: 1, max: 1000 },
  slotItems: { min: 1, max: 10000 },
  horizonDays: { min: 0, max: 14 },
  deliveryMinutes: { min: 0, max: 240 },
} as const;

/** The settings an admin sent, checked field by field (validation names each failing field). */
export function validKitchenSettings(input: KitchenSettings): KitchenSettings {
  const fields: Record<string, 'invalid'> = {};
  const within = (name: keyof typeof KITCHEN_LIMITS, value: number | null, nullable: boolean) => {
    if (value === null) {
      if (!nullable) fields[name] = 'invalid';
      return;
    }
    const { min, max } = KITCHEN_LIMITS[name];
    if (!Number.isInteger(value) || value < min || value > max) fields[name] = 'invalid';
  };
  within('slotOrders', input.slotOrders, true);
  within('slotItems', input.slotItems, true);
  within('horizonDays', input.horizonDays, false);
  within('deliveryMinutes', input.deliveryMinutes, false);
  if (Object.keys(fields).length > 0) throw new RuleError('validation', 'kitchen settings out of range', fields);
  return input;
}

export function storedBusy(mode: BusyMode, since: Temporal.Instant): StoredBusy {
  const until = mode.until?.toString() ?? null;
  return mode.kind === 'extraTime'
    ? { kind: 'extraTime', extraMinutes: mode.extraMinutes, until, since: since.toString() }
    : { kind: 'paused', reason: mode.reason, until, since: since.toString() };
}

export function busyOf(stored: StoredBusy | null): BusyMode | null {
  if (!stored) return null;
  const until = stored.until ? Temporal.Instant.from(stored.until) : null;
  return stored.kind === 'extraTime'
    ? { kind: 'extraTime', extraMinutes: stored.extraMinutes, until }
    : { kind: 'paused', reason: stored.reason ?? '', until };
}

/** Busy mode in force at `now` as stored, or null once its time is up (it ends by itself). */
export function activeBusy(stored: StoredBusy | null, now: Temporal.Instant): StoredBusy | null {
  return busyModeAt(busyOf(stored), now) ? stored : null;
}

/** What the shop shows about a kitchen at `now`: its preparation time in force and whether (until when) it pauses. */
export type KitchenNow = {
  preparationMinutes: number;
  extraMinutes: number;
  paused: boolean;
  /** ISO instant the pause ends; null with paused: until someone resumes. */
  pausedUntil: string | null;
};

export function kitchenNow(kitchen: Kitchen, usualPreparationMinutes: number, now: Temporal.Instant): KitchenNow {
  const busy = busyOf(kitchen.busy);
  const preparationMinutes = preparationMinutesAt(usualPreparationMinutes, busy, now);
  const pause = pauseAt(busy, now);
  return {
    preparationMinutes,
    extraMinutes: preparationMinutes - usualPreparationMinutes,
    paused: pause !== null,
    pausedUntil: pause?.until?.toString() ?? null,
  };
}

export type OrderPromise = {
  /** The slot the order counts against (orders.scheduled_for). */
  slot: Temporal.Instant;
  /** Ready for pickup or for the courier (orders.promised_at). */
  readyAt: Temporal.Instant;
  /** When the kitchen starts cooking (orders.fire_at). */
  fireAt: Temporal.Instant;
  /** A delivered order's time at the customer's door (orders.due_at); null for pickup. */
  dueAt: Temporal.Instant | null;
};

export type PromiseCall = {
  kitchen: Kitchen;
  restaurant: { isEnabled: boolean; hours: WorkingHours; timeZone: string; preparationMinutes: number };
  delivery: boolean;
  /** What each slot of the kitchen already holds, by the slot's start in epoch milliseconds. */
  load: ReadonlyMap<number, SlotLoad>;
  items: number;
  now: Temporal.Instant;
  /** The slot the customer chose; null or left out: as soon as possible. */
  scheduledFor?: Temporal.Instant | null;
};

function factsOf(call: PromiseCall): KitchenFacts {
  const { kitchen, restaurant, now } = call;
  const capacity =
    kitchen.slotOrders === null && kitchen.slotItems === null
      ? null
      : { orders: kitchen.slotOrders, items: kitchen.slotItems };
  return {
    timeZone: restaurant.timeZone,
    hours: restaurant.hours,
    preparationMinutes: preparationMinutesAt(restaurant.preparationMinutes, busyOf(kitchen.busy), now),
    capacity,
    load: call.load,
  };
}

const withDue = (
  call: PromiseCall,
  p: { slot: Temporal.Instant; readyAt: Temporal.Instant; fireAt: Temporal.Instant },
) => ({
  ...p,
  dueAt: call.delivery ? deliveredAt(p.readyAt, call.kitchen.deliveryMinutes) : null,
});

const MINUTE_MS = 60_000;

/**
 * asapPromise's answer for a kitchen with no slot limit and no busy mode, in plain arithmetic: ready after the
 * preparation time, in the quarter hour holding that (the kitchen's own, for any instant since 1980: slotOf), started
 * now. The same answer (kitchen-settings.test.ts checks it), without the Temporal polyfill's arithmetic on every order.
 */
function unthrottledAsap(call: PromiseCall): OrderPromise {
  const now = call.now.epochMilliseconds;
  const ready = now + call.restaurant.preparationMinutes * MINUTE_MS;
  const instant = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms);
  const readyAt = instant(ready);
  return {
    slot: slotOf(readyAt, call.restaurant.timeZone),
    readyAt,
    fireAt: call.now,
    dueAt: call.delivery ? instant(ready + call.kitchen.deliveryMinutes * MINUTE_MS) : null,
  };
}

/**
 * The promise an order gets, or the key that refuses it: kitchenPaused while busy mode pauses the kitchen (every
 * brand, every channel), slotUnavailable for a chosen slot not on offer (full, past, outside the hours or the
 * horizon) or when no slot has room at all. The restaurant's own rules (closed, disabled) are checked by checkout.
 */
export function orderPromise(call: PromiseCall): OrderPromise {
  const { now, kitchen } = call;
  if (pauseAt(busyOf(kitchen.busy), now)) {
    throw new RuleError('kitchenPaused', 'the kitchen pauses new orders', { problems: ['kitchenPaused'] });
  }
  if (
    !call.scheduledFor &&
    kitchen.slotOrders === null &&
    kitchen.slotItems === null &&
    busyOf(kitchen.busy) === null
  ) {
    return unthrottledAsap(call);
  }
  const facts = factsOf(call);
  if (call.scheduledFor) {
    const wanted = call.scheduledFor;
    const offer = scheduleOffers(facts, now, call.items, kitchen.horizonDays).find((o) => o.slot.equals(wanted));
    if (!offer) throw new RuleError('slotUnavailable', 'that slot is not offered', { problems: ['slotUnavailable'] });
    return withDue(call, offer);
  }
  const asap = asapPromise(facts, now, call.items);
  if (!asap) throw new RuleError('slotUnavailable', 'no slot has room', { problems: ['slotUnavailable'] });
  return withDue(call, asap);
}

/** Whether checkout may take a scheduled order from a restaurant closed now (the pre-order setting). */
export function preOrderAllowed(
  call: Pick<PromiseCall, 'kitchen' | 'restaurant' | 'now'> & { scheduled: boolean },
): boolean {
  if (!call.scheduled || !call.restaurant.isEnabled) return false;
  const open = isOpenAt(call.restaurant.hours, call.restaurant.timeZone, call.now);
  return takesScheduledOrders(open, call.kitchen.preOrdersWhileClosed);
}

export type ScheduleAnswer = {
  paused: boolean;
  pausedUntil: string | null;
  preparationMinutes: number;
  /** The ASAP promise; null when paused or nothing has room. */
  asap: { readyAt: string; dueAt: string | null } | null;
  /** Slots the customer may choose, in the kitchen's time zone. */
  slots: { slot: string; readyAt: string; dueAt: string | null }[];
  timeZone: string;
};

/** Everything checkout shows before paying: the ASAP promise and the slots on offer. */
export function scheduleAnswer(call: Omit<PromiseCall, 'scheduledFor'>): ScheduleAnswer {
  const { now, kitchen, restaurant } = call;
  const state = kitchenNow(kitchen, restaurant.preparationMinutes, now);
  const facts = factsOf(call);
  const iso = (p: { slot: Temporal.Instant; readyAt: Temporal.Instant; fireAt: Temporal.Instant }) => {
    const d = withDue(call, p);
    return { slot: d.slot.toString(), readyAt: d.readyAt.toString(), dueAt: d.dueAt?.toString() ?? null };
  };
  const open = restaurant.isEnabled && isOpenAt(restaurant.hours, restaurant.timeZone, now);
  const asap = !state.paused && open ? asapPromise(facts, now, call.items) : null;
  const slots =
    state.paused || !restaurant.isEnabled || !takesScheduledOrders(open, kitchen.preOrdersWhileClosed)
      ? []
      : scheduleOffers(facts, now, call.items, kitchen.horizonDays).map(iso);
  return {
    paused: state.paused,
    pausedUntil: state.pausedUntil,
    preparationMinutes: state.preparationMinutes,
    asap: asap ? (({ slot: _slot, ...rest }) => rest)(iso(asap)) : null,
    slots,
    timeZone: restaurant.timeZone,
  };
}

/** The window of slots whose load a promise may read: from the current slot to the end of the horizon. */
export function loadWindow(now: Temporal.Instant, timeZone: string, horizonDays: number) {
  return { from: slotOf(now, timeZone), to: now.add({ hours: 24 * (horizonDays + 2) }) };
}

export { formatPromise } from './promise-time.ts';
