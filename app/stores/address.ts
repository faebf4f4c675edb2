import { atom } from 'nanostores';

/** The delivery address the visitor entered; kept in the browser only (spec section 3, User address). */
export type DeliveryAddress = { street: string; streetNo: string; zip: string; city: string };

const KEY = 'deliveryAddress';

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked by the browser's settings: the address lives for this page only
  }
};

function read(): DeliveryAddress | null {
  try {
    const value = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<DeliveryAddress> | null;
    if (!value || typeof value.street !== 'string' || typeof value.zip !== 'string') return null;
    return { street: value.street, streetNo: value.streetNo ?? '', zip: value.zip, city: value.city ?? '' };
  } catch {
    return null;
  }
}

/** Null until loadAddress() reads the browser's copy: pages render without one, so hydration matches the HTML. */
export const $address = atom<DeliveryAddress | null>(null);

/** Reads the saved address into $address (on the island's start) and returns it. */
export function loadAddress(): DeliveryAddress | null {
  const saved = read();
  $address.set(saved);
  return saved;
}

/** One line for buttons and headings: 'Marszałkowska 10, 00-001 Warszawa'. */
export const fullAddress = (a: DeliveryAddress): string =>
  `${a.street} ${a.streetNo}`.trim() + `, ${a.zip} ${a.city}`.trimEnd();

export function setAddress(address: DeliveryAddress): void {
  storage()?.setItem(KEY, JSON.stringify(address));
  $address.set(address);
}

export function clearAddress(): void {
  storage()?.removeItem(KEY);
  $address.set(null);
}
