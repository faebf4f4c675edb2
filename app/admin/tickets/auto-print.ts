import { useEffect } from 'react';
import { atom } from 'nanostores';
import { Temporal } from 'temporal-polyfill';
import { shouldAutoPrint } from '#domain/tickets.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { useStore } from '#app/stores/use-store.ts';
import { printTicket } from './print.ts';

// Auto-print (decision 054): a printer belongs to a device, so the setting is the device's, per board, kept in its
// localStorage across reloads; so is the list of orders it has printed by itself, so a reload prints none twice.

const settingKey = (restaurant: string) => `kitchen-auto-print:${restaurant}`;
const PRINTED_KEY = 'kitchen-auto-printed';
/** Enough to cover every order a board shows; the oldest go first. */
const PRINTED_KEPT = 200;

/** The board's setting: which restaurant's board this is and whether it prints accepted orders by itself. */
export const $autoPrint = atom<{ restaurant: string | null; on: boolean }>({ restaurant: null, on: false });

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Reads the device's setting for a board (off where the browser keeps nothing). */
export function loadAutoPrint(restaurant: string): void {
  $autoPrint.set({ restaurant, on: storage()?.getItem(settingKey(restaurant)) === '1' });
}

export function setAutoPrint(restaurant: string, on: boolean): void {
  const store = storage();
  if (on) store?.setItem(settingKey(restaurant), '1');
  else store?.removeItem(settingKey(restaurant));
  $autoPrint.set({ restaurant, on });
}

function printedIds(): string[] {
  try {
    const ids = JSON.parse(storage()?.getItem(PRINTED_KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function markPrinted(id: string): void {
  storage()?.setItem(PRINTED_KEY, JSON.stringify([...printedIds().filter((x) => x !== id), id].slice(-PRINTED_KEPT)));
}

/**
 * On a board with auto-print on, prints an order's kitchen ticket once, when it has just been accepted
 * (shouldAutoPrint), whoever accepted it. `offsetMs` is the server's clock minus the browser's.
 */
export function useAutoPrint(
  order: { id: string; status: string; acceptedAt: string | null },
  offsetMs: number,
  locale: UiLocale,
): void {
  const { on } = useStore($autoPrint);
  const { id, status, acceptedAt } = order;
  useEffect(() => {
    if (!on) return;
    const now = Temporal.Instant.fromEpochMilliseconds(Date.now() + offsetMs);
    if (!shouldAutoPrint({ id, status, acceptedAt }, now, new Set(printedIds()))) return;
    markPrinted(id);
    void printTicket(id, 'kitchen', locale);
  }, [on, id, status, acceptedAt, offsetMs, locale]);
}
