import { atom } from 'nanostores';

/**
 * The delivery address a visitor entered. Spec section 3: kept in the browser (localStorage), not on the server,
 * so guests have one too. `fullAddress` is what the navbar shows.
 */
export type DeliveryAddress = {
  fullAddress: string;
  street: string;
  streetNo: string;
  city: string;
  zip: string;
  country: 'pl' | 'ua' | 'pt';
  lat?: number;
  lng?: number;
};

export const ADDRESS_STORAGE_KEY = 'deliveryAddress';

const text = (value: unknown): value is string => typeof value === 'string';
const coordinate = (value: unknown): boolean => value === undefined || (typeof value === 'number' && isFinite(value));

/** An address read back from storage, or null when it is missing or not of the shape we wrote. */
function parseAddress(raw: string | null): DeliveryAddress | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const a = value as Record<string, unknown>;
  const ok =
    text(a['fullAddress']) &&
    a['fullAddress'].trim() !== '' &&
    text(a['street']) &&
    text(a['streetNo']) &&
    text(a['city']) &&
    text(a['zip']) &&
    (a['country'] === 'pl' || a['country'] === 'ua' || a['country'] === 'pt') &&
    coordinate(a['lat']) &&
    coordinate(a['lng']);
  return ok ? (value as DeliveryAddress) : null;
}

// Private mode and disabled storage throw on access; the address then lives for this page only.
function stored<T>(use: (storage: Storage) => T): T | null {
  try {
    return globalThis.localStorage ? use(globalThis.localStorage) : null;
  } catch {
    return null;
  }
}

export const $address = atom<DeliveryAddress | null>(null);

/** Reads the stored address into the store (islands call it when they hydrate) and returns it. */
export function loadAddress(): DeliveryAddress | null {
  const saved = parseAddress(stored((storage) => storage.getItem(ADDRESS_STORAGE_KEY)));
  $address.set(saved);
  return saved;
}

/** What the home page's address form asks for; the rest of an address is derived from it. */
export type AddressParts = Pick<DeliveryAddress, 'street' | 'streetNo' | 'zip' | 'city'>;

/** One line for buttons and headings: 'Marszałkowska 10, 00-001 Warszawa'. */
export const formatAddress = (a: AddressParts): string =>
  `${a.street} ${a.streetNo}`.trim() + `, ${a.zip} ${a.city}`.trimEnd();

/** Keeps an address for the next visits too (the home page's address entry calls it). */
export function setAddress(address: DeliveryAddress): void {
  const clean: DeliveryAddress = { ...address, fullAddress: address.fullAddress.trim() };
  stored((storage) => storage.setItem(ADDRESS_STORAGE_KEY, JSON.stringify(clean)));
  $address.set(clean);
}

export function clearAddress(): void {
  stored((storage) => storage.removeItem(ADDRESS_STORAGE_KEY));
  $address.set(null);
}
