import { type } from 'arktype';
import { Temporal } from 'temporal-polyfill';
import type { FieldRule } from './errors.ts';
import type { AvailabilityWindow } from './menu-window-label.ts';

/**
 * Time-limited availability (issue 38): a category or a dish served only between two wall-clock times of the
 * restaurant's time zone, every day ("breakfast 7–11"). The times are the restaurant's clock, so a window keeps
 * its hours across a DST change: 07:00–11:00 is 07:00–11:00 local on the day the clocks move, however many
 * minutes of real time that is. `from` is inclusive and `to` exclusive (11:00 is already past breakfast); a `to`
 * earlier than `from` runs past midnight (22:00–02:00). A dish in a category with a window needs both.
 */
export type { AvailabilityWindow } from './menu-window-label.ts';
export { windowLabel } from './menu-window-label.ts';

/** 'HH:MM' on a 24-hour clock; '24:00' is not needed, since 'to' is exclusive and may be '00:00'. */
export const WINDOW_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const availabilityWindowBody = type({ from: WINDOW_TIME, to: WINDOW_TIME }).or('null');
export type AvailabilityWindowBody = typeof availabilityWindowBody.infer;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** What the type cannot say: a window from a time to the same time is empty (or every hour: ambiguous). */
export function windowProblems(at: string, window: AvailabilityWindowBody | undefined): Record<string, FieldRule> {
  if (!window || window.from !== window.to) return {};
  return { [`${at}availability.to`]: 'outOfRange' };
}

/** The local wall-clock minute of the day of an instant in a time zone. */
function localMinute(at: Date, timeZone: string): number {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone);
  return zoned.hour * 60 + zoned.minute;
}

/** Whether a wall-clock minute of the day is inside a window (null: no window, always). */
export function minuteInWindow(minute: number, window: AvailabilityWindow | null): boolean {
  if (!window) return true;
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** Whether the windows given (a dish's category's and its own; null: none) all hold at an instant. */
export function windowsOpenAt(windows: (AvailabilityWindow | null)[], at: Date, timeZone: string): boolean {
  if (windows.every((w) => w === null)) return true;
  const minute = localMinute(at, timeZone);
  return windows.every((window) => minuteInWindow(minute, window));
}

/** The stored columns (both null, or both set) as a window. */
export const windowOf = (row: {
  availableFrom: string | null;
  availableTo: string | null;
}): AvailabilityWindow | null =>
  row.availableFrom && row.availableTo ? { from: row.availableFrom, to: row.availableTo } : null;

/** A window as its columns; none given leaves them out (an edit keeps the row's). */
export const windowColumns = (window: AvailabilityWindowBody | undefined) =>
  window === undefined ? {} : { availableFrom: window?.from ?? null, availableTo: window?.to ?? null };

/** Pairs of stored columns as a read returns them (a category's and a dish's), the unset ones dropped. */
export const storedWindows = (pairs: { from: string | null; to: string | null }[] | undefined): AvailabilityWindow[] =>
  (pairs ?? []).flatMap((pair) => (pair.from && pair.to ? [{ from: pair.from, to: pair.to }] : []));
