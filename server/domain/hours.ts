import { Temporal } from 'temporal-polyfill';
import { RuleError } from './errors.ts';

/**
 * One opening range. day: 0 = Sunday … 6 = Saturday. from/to: 'HH:MM' (or 'HH:MM:SS', as PostgreSQL `time` prints);
 * a day may have several ranges (split shifts), and a `to` before `from` runs past midnight.
 * Issue 38: a range with a `date` ('YYYY-MM-DD', its `day` that date's weekday) belongs to that special day: the
 * date's special ranges replace the week's ranges of that weekday, and a special range '00:00'–'00:00' (empty) closes
 * the date. A `service` of 'pickup' or 'delivery' opens for that service only; none is both.
 */
export type OpeningRange = {
  day: number;
  from: string;
  to: string;
  date?: string | null | undefined;
  service?: Service | null | undefined;
};
export type WorkingHours = OpeningRange[];

export const SERVICES = ['pickup', 'delivery'] as const;
export type Service = (typeof SERVICES)[number];

/** The service a delivery method is: pickup, or delivery for every way of bringing it. */
export const serviceOf = (deliveryMethod: string): Service => (deliveryMethod === 'pickup' ? 'pickup' : 'delivery');

/**
 * The hours one service keeps: the ranges for both and its own. Without a service (the restaurant's badge), every
 * range counts: open for pickup or for delivery is open.
 */
export function hoursFor(hours: WorkingHours, service: Service | null): WorkingHours {
  if (service === null) return hours;
  return hours.filter((range) => !range.service || range.service === service);
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export type RestaurantState = {
  state: 'open' | 'closed' | 'unavailable';
  /** ISO 8601 with offset, e.g. '2025-03-31T10:00:00+02:00'; null when open, unavailable or never opening. */
  nextOpening: string | null;
};

const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?|(24):(00)(?::(00))?)$/;

/** Parses a working-hours time. '24:00' is accepted as the end of the day. */
export function parseTime(value: string): { hour: number; minute: number; second: number } {
  const m = TIME.exec(value);
  if (!m) throw new RuleError('validation', `not a working-hours time: '${value}'`);
  return { hour: Number(m[1] ?? m[4]), minute: Number(m[2] ?? m[5]), second: Number(m[3] ?? m[6] ?? 0) };
}

function secondsOf(value: string): number {
  const t = parseTime(value);
  return t.hour * 3600 + t.minute * 60 + t.second;
}

/** Temporal numbers days Monday = 1 … Sunday = 7; the spec numbers them Sunday = 0 … Saturday = 6. */
export function dayIndex(date: Temporal.PlainDate | Temporal.ZonedDateTime): number {
  return date.dayOfWeek % 7;
}

/**
 * The instant a wall-clock time first happens on a date. On a spring-forward day a time inside the
 * skipped hour never shows on the clock; the first instant the clock is past it is the transition
 * itself. On a fall-back day a time in the repeated hour happens twice; the first one counts.
 */
function firstInstantAt(date: Temporal.PlainDate, seconds: number, timeZone: string): Temporal.Instant {
  const wall = date.toPlainDateTime().add({ seconds });
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  if (Temporal.PlainDateTime.compare(zoned.toPlainDateTime(), wall) === 0) return zoned.toInstant();
  // In a gap 'earlier' lands before it; the transition is the next one after that point.
  // A gap always ends in a transition; were there none, the earlier instant is the closest one.
  return (zoned.getTimeZoneTransition('next') ?? zoned).toInstant();
}

type Interval = { start: Temporal.Instant; end: Temporal.Instant };

/**
 * The opening intervals of the entries for one local date. Open means strictly after `from` and
 * strictly before `to` (spec section 4), so an interval is exclusive at both ends. A `to` earlier
 * than `from` runs past midnight into the next date; `to` equal to `from` is an empty interval
 * (a 24-hour day is written '00:00'–'24:00').
 */
function intervalsOn(hours: WorkingHours, date: Temporal.PlainDate, timeZone: string): Interval[] {
  const day = dayIndex(date);
  const iso = date.toString();
  // A special day's ranges replace the week's (an empty one closes it); a range the evening before that runs past
  // midnight still ends as it was written.
  const special = hours.filter((entry) => entry.date === iso);
  const entries = special.length > 0 ? special : hours.filter((entry) => !entry.date && entry.day === day);
  if (entries.length === 0) return [];
  // The zone arithmetic is most of the cost of "open now?", asked on every basket and order; its answer
  // depends on these values only.
  const key = `${timeZone} ${date.toString()} ${entries.map((e) => `${e.from}-${e.to}`).join(' ')}`;
  let out = intervalCache.get(key);
  if (out) return out;
  out = [];
  for (const entry of entries) {
    const from = secondsOf(entry.from);
    const to = secondsOf(entry.to);
    if (from === to) continue;
    const endDate = to < from ? date.add({ days: 1 }) : date;
    const start = firstInstantAt(date, from, timeZone);
    const end = firstInstantAt(endDate, to, timeZone);
    // Both ends inside a skipped hour collapse to one instant: such an entry never opens.
    if (Temporal.Instant.compare(start, end) < 0) out.push({ start, end });
  }
  if (intervalCache.size >= INTERVAL_CACHE_SIZE) intervalCache.clear();
  intervalCache.set(key, out);
  return out;
}

const INTERVAL_CACHE_SIZE = 4096;
const intervalCache = new Map<string, Interval[]>();

function validateHours(hours: WorkingHours): void {
  for (const entry of hours) {
    if (!Number.isInteger(entry.day) || entry.day < 0 || entry.day > 6) {
      throw new RuleError('validation', `working-hours day must be 0 (Sunday) … 6, got ${entry.day}`);
    }
    parseTime(entry.from);
    parseTime(entry.to);
    if (entry.date && !DATE.test(entry.date)) throw new RuleError('validation', `not a date: '${entry.date}'`);
  }
}

/** Days to look ahead for a next opening: a week and today, and as many more as special days may close. */
const lookAhead = (hours: WorkingHours) =>
  7 + Math.min(366, new Set(hours.flatMap((h) => (h.date ? [h.date] : []))).size);

/**
 * Strictly inside one of the intervals of today's entries, or of yesterday's entries that run past midnight.
 * Where one interval ends the instant the next begins (Monday '00:00'–'24:00', Tuesday '00:00'–'24:00'), the
 * two are one opening and the instant between them is inside it: a restaurant open around the clock never
 * closes at midnight.
 */
export function isOpenAt(hours: WorkingHours, timeZone: string, instant: Temporal.Instant): boolean {
  validateHours(hours);
  const today = instant.toZonedDateTimeISO(timeZone).toPlainDate();
  const intervals = [today.subtract({ days: 1 }), today].flatMap((date) => intervalsOn(hours, date, timeZone));
  return (
    intervals.some(
      (i) => Temporal.Instant.compare(i.start, instant) < 0 && Temporal.Instant.compare(instant, i.end) < 0,
    ) ||
    (intervals.some((i) => i.end.equals(instant)) && intervals.some((i) => i.start.equals(instant)))
  );
}

/**
 * When a restaurant that is closed at `instant` next opens: the start of the earliest interval
 * starting at or after `instant` (at exactly `from` it is still closed, yet opens that moment).
 * Null when it is open at `instant` or has no opening hours at all.
 */
export function nextOpening(
  hours: WorkingHours,
  timeZone: string,
  instant: Temporal.Instant,
): Temporal.ZonedDateTime | null {
  if (isOpenAt(hours, timeZone, instant)) return null;
  const today = instant.toZonedDateTimeISO(timeZone).toPlainDate();
  // Eight days ahead covers a week plus the rest of today; each special day may close one more.
  for (let offset = 0, days = lookAhead(hours); offset <= days; offset++) {
    const starts = intervalsOn(hours, today.add({ days: offset }), timeZone)
      .map((i) => i.start)
      .filter((s) => Temporal.Instant.compare(s, instant) >= 0)
      .sort(Temporal.Instant.compare);
    if (starts[0]) return starts[0].toZonedDateTimeISO(timeZone);
  }
  return null;
}

/**
 * Open for the whole span from `from` to `to`: both inside one opening, where openings that meet (a day open until
 * 24:00 and the next from 00:00) count as one. Unlike "open now" the span may touch the opening's ends: a kitchen
 * starts cooking the moment it opens and hands food over as it closes.
 */
export function openThroughout(
  hours: WorkingHours,
  timeZone: string,
  from: Temporal.Instant,
  to: Temporal.Instant,
): boolean {
  validateHours(hours);
  if (Temporal.Instant.compare(from, to) > 0) return false;
  const joined = joinedIntervals(hours, timeZone, from, to);
  return joined.some((i) => Temporal.Instant.compare(i.start, from) <= 0 && Temporal.Instant.compare(to, i.end) <= 0);
}

/**
 * The openings from the day before `from`'s date to `to`'s date, those that overlap or meet joined into one (a day
 * open until 24:00 and the next from 00:00 are one opening), earliest first.
 */
function joinedIntervals(
  hours: WorkingHours,
  timeZone: string,
  from: Temporal.Instant,
  to: Temporal.Instant,
): Interval[] {
  const first = from.toZonedDateTimeISO(timeZone).toPlainDate().subtract({ days: 1 });
  const last = to.toZonedDateTimeISO(timeZone).toPlainDate();
  const intervals: Interval[] = [];
  for (let date = first; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    intervals.push(...intervalsOn(hours, date, timeZone));
  }
  intervals.sort((a, b) => Temporal.Instant.compare(a.start, b.start));
  const joined: Interval[] = [];
  for (const interval of intervals) {
    const previous = joined.at(-1);
    if (previous && Temporal.Instant.compare(interval.start, previous.end) <= 0) {
      if (Temporal.Instant.compare(interval.end, previous.end) > 0) previous.end = interval.end;
    } else joined.push({ ...interval });
  }
  return joined;
}

/** A day's ranges as written, in the kitchen's clock (the kitchen board's "today"). */
export type DayRanges = {
  /** 'YYYY-MM-DD' on the kitchen's clock. */
  date: string;
  /** A special date: its ranges replace the week's (none: closed that day). */
  special: boolean;
  ranges: { from: string; to: string; service: Service | null }[];
};

/**
 * What the kitchen board needs to say whether the restaurant is open, until when or from when, and what today's hours
 * are, for a week on without asking again: the openings as instants (ranges that overlap or meet joined, so a shift
 * running on into the next day's first range is one), and the ranges of today and the next two days as written.
 * Worked out on the server, so the board's island needs neither these rules nor the Temporal polyfill
 * (kitchen-shift.ts reads it with plain dates).
 */
export function kitchenSchedule(
  hours: WorkingHours,
  timeZone: string,
  instant: Temporal.Instant,
  days = 8,
): { openings: { start: string; end: string }[]; days: DayRanges[] } {
  validateHours(hours);
  const iso = (at: Temporal.Instant) => at.toZonedDateTimeISO(timeZone).toString({ timeZoneName: 'never' });
  const today = instant.toZonedDateTimeISO(timeZone).toPlainDate();
  const openings = joinedIntervals(hours, timeZone, instant, instant.add({ hours: 24 * days }))
    .filter((i) => Temporal.Instant.compare(i.end, instant) >= 0)
    .map((i) => ({ start: iso(i.start), end: iso(i.end) }));
  const ranges = [0, 1, 2].map((offset): DayRanges => {
    const date = today.add({ days: offset });
    const special = hours.some((entry) => entry.date === date.toString());
    return {
      date: date.toString(),
      special,
      ranges: hours
        .filter((entry) => (special ? entry.date === date.toString() : !entry.date && entry.day === dayIndex(date)))
        .filter((entry) => entry.from !== entry.to)
        .map((entry) => ({ from: entry.from, to: entry.to, service: entry.service ?? null }))
        .sort((a, b) => secondsOf(a.from) - secondsOf(b.from)),
    };
  });
  return { openings, days: ranges };
}

/** What the restaurant page shows: 'temporarily unavailable' when disabled, else open now / closed now. */
export function restaurantState(
  restaurant: { isEnabled: boolean; hours: WorkingHours; timeZone: string },
  instant: Temporal.Instant,
): RestaurantState {
  if (!restaurant.isEnabled) return { state: 'unavailable', nextOpening: null };
  if (isOpenAt(restaurant.hours, restaurant.timeZone, instant)) return { state: 'open', nextOpening: null };
  const next = nextOpening(restaurant.hours, restaurant.timeZone, instant);
  return { state: 'closed', nextOpening: next ? next.toString({ timeZoneName: 'never' }) : null };
}

/** A restaurant takes orders only when enabled and open now (spec section 4). */
export function canTakeOrders(
  restaurant: { isEnabled: boolean; hours: WorkingHours; timeZone: string },
  instant: Temporal.Instant,
): boolean {
  return restaurant.isEnabled && isOpenAt(restaurant.hours, restaurant.timeZone, instant);
}

/** The weekday (0 = Sunday) of a date 'YYYY-MM-DD'. */
export const weekdayOf = (date: string): number => dayIndex(Temporal.PlainDate.from(date));

/**
 * The first range (by its index) that is empty or overlaps an earlier one of the same day, date and service (or of
 * both services), with the rule it breaks; null when the ranges can be kept. An empty range is a closed special day
 * only: '00:00'–'00:00' with a date. Ranges are compared on the day they start, a past-midnight one to its end.
 */
export function openingRangeProblem(hours: WorkingHours): { index: number; field: 'to' | 'from' } | null {
  const minutes = (value: string) => secondsOf(value) / 60;
  const spans = hours.map((range) => {
    const from = minutes(range.from);
    const to = minutes(range.to);
    return { range, from, to: to <= from ? to + 24 * 60 : to };
  });
  for (const [index, a] of spans.entries()) {
    const { range } = a;
    if (range.from === range.to) {
      if (range.date && a.from === 0) continue;
      return { index, field: 'to' };
    }
    for (const b of spans.slice(0, index)) {
      const earlier = b.range;
      if (earlier.from === earlier.to) continue;
      const sameDay = range.date ? earlier.date === range.date : !earlier.date && earlier.day === range.day;
      const sameService = !range.service || !earlier.service || range.service === earlier.service;
      if (sameDay && sameService && a.from < b.to && b.from < a.to) return { index, field: 'from' };
    }
  }
  return null;
}
