/**
 * What the checkout keeps in the browser so that one basket becomes one order, whatever the customer does: the
 * Idempotency-Key of the basket's order (a double click, a reload, the back button and a second tab all send the
 * same one, and the API answers the same order), and, once the order is placed, its id and access token (a reload
 * in the middle of a payment finds the order instead of the empty basket). localStorage, not sessionStorage,
 * because a second tab must see the same key.
 */
export type PlacedCheckout = { orderId: string; token: string };
type Stored = { basketId: string; key: string; placed?: PlacedCheckout };

export const CHECKOUT_STORAGE_KEY = 'checkout';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Private mode and disabled storage throw on access: the key then lives as long as the page, which still stops a
// double click, and a draft as long as the form.
function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}
const storage = () => browserStorage('localStorage');

let memory: Stored | null = null;

function read(store: KeyValueStorage | null): Stored | null {
  if (!store) return memory;
  try {
    const value = JSON.parse(store.getItem(CHECKOUT_STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    if (!value || typeof value.basketId !== 'string' || typeof value.key !== 'string') return null;
    const placed =
      value.placed && typeof value.placed.orderId === 'string' && typeof value.placed.token === 'string'
        ? value.placed
        : undefined;
    return { basketId: value.basketId, key: value.key, ...(placed ? { placed } : {}) };
  } catch {
    return null;
  }
}

function write(store: KeyValueStorage | null, value: Stored): void {
  memory = value;
  try {
    store?.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Full or refused: the in-memory copy serves this page.
  }
}

/** The Idempotency-Key for ordering this basket: the one already used for it, or a new one remembered for it. */
export function checkoutKey(basketId: string, store: KeyValueStorage | null = storage()): string {
  const stored = read(store);
  if (stored && stored.basketId === basketId) return stored.key;
  const key = crypto.randomUUID();
  write(store, { basketId, key });
  return key;
}

/** Remembers the order this basket became, for a reload or the back button during its payment. */
export function rememberPlaced(basketId: string, placed: PlacedCheckout, store = storage()): void {
  const stored = read(store);
  write(store, { basketId, key: stored?.basketId === basketId ? stored.key : crypto.randomUUID(), placed });
}

/**
 * The basket and key of a checkout that sent its order but never heard that it was placed (the answer lost, the page
 * reloaded meanwhile): the API can still find the order under the key (GET /api/orders/placed).
 */
export function unansweredCheckout(store = storage()): { basketId: string; key: string } | null {
  const stored = read(store);
  return stored && !stored.placed ? { basketId: stored.basketId, key: stored.key } : null;
}

/** The order the last checkout placed, if any. */
export const placedCheckout = (store = storage()): PlacedCheckout | null => read(store)?.placed ?? null;

/** Forgets the placed order once it needs nothing more from this page (paid, or on its status page). */
export function forgetCheckout(store = storage()): void {
  memory = null;
  try {
    store?.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The fields of the customer's details a draft keeps: not the payment's (a Blik code), nor the consents. */
export const DRAFT_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'street',
  'streetNo',
  'aptNo',
  'zip',
  'city',
  'comment',
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];
export type CheckoutDraft = Partial<Record<DraftField, string>>;

export const CHECKOUT_DRAFT_KEY = 'checkoutDraft';

// The tab's own storage: a draft is this tab's checkout of this basket, and goes when the tab is closed.
const tabStorage = () => browserStorage('sessionStorage');

/**
 * Keeps what the customer has typed into the checkout of this basket, so that a reload or a change of language does
 * not lose it. Only non-empty fields of DRAFT_FIELDS are kept.
 */
export function keepDraft(basketId: string, values: Record<string, unknown>, store = tabStorage()): void {
  const fields: CheckoutDraft = {};
  for (const field of DRAFT_FIELDS) {
    const value = values[field];
    if (typeof value === 'string' && value !== '') fields[field] = value;
  }
  try {
    store?.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ basketId, fields }));
  } catch {
    // Full or refused: the form still holds what was typed, for as long as the page lives.
  }
}

/** What was typed into the checkout of this basket on this tab, or null. */
export function draftOf(basketId: string, store = tabStorage()): CheckoutDraft | null {
  try {
    const value = JSON.parse(store?.getItem(CHECKOUT_DRAFT_KEY) ?? 'null') as {
      basketId?: unknown;
      fields?: Record<string, unknown>;
    } | null;
    if (!value || value.basketId !== basketId || !value.fields) return null;
    const fields: CheckoutDraft = {};
    for (const field of DRAFT_FIELDS) {
      const text = value.fields[field];
      if (typeof text === 'string' && text !== '') fields[field] = text;
    }
    return fields;
  } catch {
    return null;
  }
}

/** Forgets the draft once its order is placed. */
export function forgetDraft(store = tabStorage()): void {
  try {
    store?.removeItem(CHECKOUT_DRAFT_KEY);
  } catch {
    // Nothing to forget.
  }
}
