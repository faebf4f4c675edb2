import type { DayRanges, kitchenSchedule } from './hours.ts';

/** What the server works out of a restaurant's hours for its kitchen board (hours.ts `kitchenSchedule`). */
export type KitchenSchedule = ReturnType<typeof kitchenSchedule>;

/** What the kitchen board says of the hours (issue 38): open now and until when, or when it opens; today's ranges. */
export type KitchenShift = {
  open: boolean;
  /** The end of the opening the kitchen is in (ISO with offset); null when closed. */
  closesAt: string | null;
  /** When a closed kitchen next opens (ISO with offset); null when open, or not within the schedule's week. */
  opensAt: string | null;
  /** Today's ranges and whether today is a special date. */
  today: Pick<DayRanges, 'special' | 'ranges'>;
};

/**
 * The kitchen board's view of the hours at `nowMs`, on the kitchen's date `today` ('YYYY-MM-DD'). Plain date
 * arithmetic only: the island runs it every tick without the Temporal polyfill. Open means strictly inside an
 * opening, as everywhere (hours.ts `isOpenAt`); openings that meet were joined on the server.
 */
export function shiftAt(schedule: KitchenSchedule, nowMs: number, today: string): KitchenShift {
  const current = schedule.openings.find((o) => Date.parse(o.start) < nowMs && nowMs < Date.parse(o.end));
  const next = current ? undefined : schedule.openings.find((o) => Date.parse(o.start) >= nowMs);
  const day = schedule.days.find((d) => d.date === today);
  return {
    open: current !== undefined,
    closesAt: current?.end ?? null,
    opensAt: next?.start ?? null,
    today: { special: day?.special ?? false, ranges: day?.ranges ?? [] },
  };
}
