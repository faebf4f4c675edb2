/*
 * How the shop says an availability window (issue 38), in a module that imports nothing: the restaurant page's
 * island shows it, and must not carry the time-zone arithmetic or the body types of menu-windows.ts with it.
 */

/** Served between two wall-clock times of the restaurant's day, 'HH:MM'; `to` exclusive (menu-windows.ts). */
export type AvailabilityWindow = { from: string; to: string };

/** "7–11", "7:30–11", "22–2": how the shop says a window (hours without ":00"). */
export function windowLabel(window: AvailabilityWindow): string {
  const short = (time: string) => (time.endsWith(':00') ? String(Number(time.slice(0, 2))) : time.replace(/^0/, ''));
  return `${short(window.from)}–${short(window.to)}`;
}
