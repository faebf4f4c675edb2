import type { Locale } from '#domain/locales.ts';
import { atom, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer, type Refusal } from '#app/api-answer.ts';
import { resetInvoice } from '#app/stores/invoice-request.ts';
import type { InvoiceRequest } from '#domain/invoice.ts';
import type { BasketAddress } from '#domain/addresses.ts';
import type { Country } from '#domain/country.ts';
import { nationalPhone } from '#domain/phone-lookup.ts';
import type { DeliveryMethod } from '#domain/pricing.ts';
import { sharingKitchen } from './kitchen-fit.ts';

/**
 * The call centre's new-order screen (issue 16): the caller found by phone, the restaurant and its menu, the basket
 * built for the caller (a staff-built basket, /api/cc/baskets) and the order placed from it. One call at a time
 * per browser tab; the basket's id survives a reload of the tab (sessionStorage), not the tab itself.
 */
export type CustomerLookup = InferResponseType<ApiClient['cc']['customers']['search']['$post'], 200>;
export type RestaurantFound = InferResponseType<ApiClient['cc']['restaurants']['$get'], 200>['restaurants'][number];
export type StaffBasket = InferResponseType<ApiClient['cc']['baskets']['$post'], 201>;
export type Menu = InferResponseType<ApiClient['restaurants'][':idOrSlug']['$get'], 200>;
export type PaymentMethods = InferResponseType<ApiClient['payment-methods']['$get'], 200>;
export type PlacedOrder = InferResponseType<ApiClient['cc']['baskets'][':basketId']['order']['$post'], 201>;
export type Lang = Locale;

export const $lookup = atom<{ phone: string; result: CustomerLookup } | null>(null);
/** The caller's account the order will belong to (picked from the lookup), or null for a caller without one. */
export const $account = atom<CustomerLookup['accounts'][number] | null>(null);
export const $restaurants = atom<RestaurantFound[] | null>(null);
/**
 * The restaurants cooked where the basket's food comes from, while that kitchen shares baskets (issue 35): the finder
 * offers them first, since their dishes join the same basket. Null otherwise.
 */
export const $kitchen = atom<{ locationId: number; restaurants: RestaurantFound[] } | null>(null);
export const $menu = atom<Menu | null>(null);
export const $basket = atom<StaffBasket | null>(null);
export const $methods = atom<PaymentMethods | null>(null);
export const $placed = atom<PlacedOrder | null>(null);
/** What the last call refused with (an error key), shown by the section that made it. */
export const $failure = atom<{ section: 'lookup' | 'restaurants' | 'menu' | 'basket' | 'order'; key: string } | null>(
  null,
);
export const $busy = atom(false);

const BASKET_KEY = 'cc-basket';

function remember(basketId: string | null): void {
  try {
    if (basketId) sessionStorage.setItem(BASKET_KEY, basketId);
    else sessionStorage.removeItem(BASKET_KEY);
  } catch {
    // Private modes may refuse storage: the basket then lasts as long as the page.
  }
}

/** Runs one call with the busy flag up; a thrown network error reads as internalError for its section. */
async function busy<T>(section: NonNullable<ReturnType<typeof $failure.get>>['section'], fn: () => Promise<T>) {
  $busy.set(true);
  $failure.set(null);
  try {
    return await fn();
  } catch {
    $failure.set({ section, key: 'internalError' });
    return null;
  } finally {
    $busy.set(false);
  }
}

export function lookUpCaller(phone: string, client: ApiClient = api): Promise<void> {
  return task(() =>
    busy('lookup', async () => {
      const answer = await readAnswer(client.cc.customers.search.$post({ json: { phone } }));
      if (!answer.ok) {
        $failure.set({ section: 'lookup', key: answer.key });
        return;
      }
      const result = answer.data;
      $lookup.set({ phone, result });
      // One account with the number is the caller; with several, the agent asks which.
      const account = result.accounts.length === 1 ? (result.accounts[0] ?? null) : null;
      $account.set(account);
      const national = nationalPhone(phone);
      prefill(
        account
          ? { firstname: account.firstname, lastname: account.lastname, email: account.email, phone: national }
          : { phone: national },
      );
    }),
  ).then(() => undefined);
}

export const chooseAccount = (account: CustomerLookup['accounts'][number] | null): void => $account.set(account);

export function findRestaurants(query: string, client: ApiClient = api): Promise<void> {
  return task(() =>
    busy('restaurants', async () => {
      const answer = await readAnswer(client.cc.restaurants.$get({ query: { q: query } }));
      if (!answer.ok) {
        $failure.set({ section: 'restaurants', key: answer.key });
        return;
      }
      $restaurants.set(answer.data.restaurants);
    }),
  ).then(() => undefined);
}

/** Opens a restaurant's menu (the shop's own menu answer, in the screen's language). */
export function openMenu(slug: string, lang: Lang, client: ApiClient = api): Promise<void> {
  return task(() =>
    busy('menu', async () => {
      const answer = await readAnswer(
        client.restaurants[':idOrSlug'].$get({ param: { idOrSlug: slug }, query: { lang } }),
      );
      if (!answer.ok) {
        $failure.set({ section: 'menu', key: answer.key });
        return;
      }
      $menu.set(answer.data);
    }),
  ).then(() => undefined);
}

export const closeMenu = (): void => $menu.set(null);

/** The payment methods channel cc offers in the basket's country. */
async function loadMethods(country: Country, client: ApiClient = api): Promise<void> {
  if ($methods.get()?.country === country) return;
  const response = await client['payment-methods'].$get({ query: { country, channel: 'cc' } });
  if (response.status === 200) $methods.set(await response.json());
}

/** Loads the brands of the basket's kitchen when it shares baskets, once per kitchen; forgets them otherwise. */
async function followKitchen(basket: StaffBasket, client: ApiClient = api): Promise<void> {
  const kitchen = sharingKitchen(basket);
  if (!kitchen) {
    $kitchen.set(null);
    return;
  }
  if ($kitchen.get()?.locationId === kitchen.id) return;
  const answer = await readAnswer(client.cc.restaurants.$get({ query: { locationId: String(kitchen.id) } }));
  // The basket may have moved on while the list came: only the kitchen it still holds food of is kept.
  if (answer.ok && sharingKitchen($basket.get())?.id === kitchen.id)
    $kitchen.set({ locationId: kitchen.id, restaurants: answer.data.restaurants });
}

function useBasket(basket: StaffBasket): void {
  $basket.set(basket);
  remember(basket.id);
  void loadMethods(basket.country);
  void followKitchen(basket).catch(() => undefined);
}

/** The basket this tab was building before a reload, if it is still collecting. */
export function resumeBasket(client: ApiClient = api): Promise<void> {
  return task(async () => {
    let id: string | null;
    try {
      id = sessionStorage.getItem(BASKET_KEY);
    } catch {
      id = null;
    }
    if (!id) return;
    const response = await client.cc.baskets[':basketId'].$get({ param: { basketId: id } }).catch(() => null);
    if (response?.status === 200) useBasket(await response.json());
    else remember(null);
  });
}

async function basketId(client: ApiClient): Promise<string | null> {
  const current = $basket.get();
  if (current) return current.id;
  const answer = await readAnswer(client.cc.baskets.$post());
  if (!answer.ok) {
    $failure.set({ section: 'basket', key: answer.key });
    return null;
  }
  const created = answer.data;
  useBasket(created);
  return created.id;
}

/** Answers the basket call's outcome: the new basket replaces ours, or the refusal is shown by the basket. */
async function settleBasket(response: Response): Promise<boolean> {
  const answer = await readAnswer(Promise.resolve(response));
  if (answer.ok) {
    useBasket(answer.data as StaffBasket);
    return true;
  }
  $failure.set({ section: 'basket', key: answer.key });
  return false;
}

export type AddItemInput = { menuItemId: number; quantity: number; optionIds: number[] };

/** Adds a dish with its options to the caller's basket (made on the first dish). */
export function addItem(input: AddItemInput, client: ApiClient = api): Promise<boolean> {
  return task(
    async () =>
      (await busy('basket', async () => {
        const id = await basketId(client);
        if (!id) return false;
        return settleBasket(await client.cc.baskets[':basketId'].items.$post({ param: { basketId: id }, json: input }));
      })) ?? false,
  );
}

export function setQuantity(lineId: number, quantity: number, client: ApiClient = api): Promise<boolean> {
  const id = $basket.get()?.id;
  if (!id) return Promise.resolve(false);
  return task(
    async () =>
      (await busy('basket', async () =>
        settleBasket(
          await client.cc.baskets[':basketId'].items[':itemId'].$patch({
            param: { basketId: id, itemId: String(lineId) },
            json: { quantity },
          }),
        ),
      )) ?? false,
  );
}

/**
 * Removes the lines that stop the order (a closed brand's, an unavailable dish's: issue 35), one call each, so that
 * the caller keeps the rest; stops at the first refusal, which the basket shows.
 */
export function removeLines(lineIds: readonly number[], client: ApiClient = api): Promise<boolean> {
  const id = $basket.get()?.id;
  if (!id || lineIds.length === 0) return Promise.resolve(false);
  return task(
    async () =>
      (await busy('basket', async () => {
        for (const lineId of lineIds) {
          const response = await client.cc.baskets[':basketId'].items[':itemId'].$patch({
            param: { basketId: id, itemId: String(lineId) },
            json: { quantity: 0 },
          });
          if (!(await settleBasket(response))) return false;
        }
        return true;
      })) ?? false,
  );
}

export function emptyBasket(client: ApiClient = api): Promise<boolean> {
  const id = $basket.get()?.id;
  if (!id) return Promise.resolve(false);
  return task(
    async () =>
      (await busy('basket', async () =>
        settleBasket(await client.cc.baskets[':basketId'].items.$delete({ param: { basketId: id } })),
      )) ?? false,
  );
}

export type DeliveryInput = { deliveryMethod: DeliveryMethod; address: BasketAddress | null };

export type OrderInput = {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  street?: string;
  streetNo?: string;
  aptNo?: string;
  city?: string;
  zip?: string;
  comment?: string;
  paymentMethod: 'blik' | 'googlePay' | 'fastTransfer' | 'cashOnDelivery' | 'cardOnDelivery';
  blikCode?: string;
  consents: { agree1?: boolean; agree2?: boolean; providerTerms?: boolean; orderWithObligation?: boolean };
  lang: Lang;
  /** A company invoice (issue 36): app/stores/invoice-request.ts. */
  invoice?: InvoiceRequest;
};

/**
 * Sets how and where the caller gets the food, then places the order for the caller's account (if picked), with an
 * idempotency key kept for this basket so that a repeated click or a retry after a lost answer places one order.
 * Answers the refusal (for the form to show) or null when placed.
 */
export function placeOrder(
  delivery: DeliveryInput,
  input: OrderInput,
  idempotencyKey: string,
  client: ApiClient = api,
): Promise<Refusal | null> {
  const basket = $basket.get();
  if (!basket) return Promise.resolve({ ok: false, status: 0, key: 'basketEmpty', details: {} });
  return task(async () => {
    $busy.set(true);
    $failure.set(null);
    try {
      const set = await readAnswer(
        client.cc.baskets[':basketId'].delivery.$put({
          param: { basketId: basket.id },
          json: { ...delivery, country: basket.country },
        }),
      );
      if (!set.ok) return set;
      $basket.set(set.data);
      const placed = await readAnswer(
        client.cc.baskets[':basketId'].order.$post(
          { param: { basketId: basket.id }, json: { ...input, customerUserId: $account.get()?.id ?? null } },
          { headers: { 'Idempotency-Key': idempotencyKey } },
        ),
      );
      if (!placed.ok) return placed;
      $placed.set(placed.data);
      resetInvoice();
      $basket.set(null);
      $kitchen.set(null);
      remember(null);
      return null;
    } finally {
      $busy.set(false);
    }
  });
}

/** The next call: everything about the last caller is forgotten. */
export function startOver(): void {
  resetInvoice();
  $lookup.set(null);
  $prefill.set(null);
  $account.set(null);
  $menu.set(null);
  $basket.set(null);
  $kitchen.set(null);
  $placed.set(null);
  $failure.set(null);
  remember(null);
}

/** Details the agent chose to copy into the order form (from an account, an earlier order or a known address). */
export type Prefill = Partial<
  Record<'firstname' | 'lastname' | 'phone' | 'email' | 'street' | 'streetNo' | 'aptNo' | 'city' | 'zip', string>
>;
/** The latest prefill; `at` tells a repeat of the same details from nothing new. */
export const $prefill = atom<{ values: Prefill; at: number } | null>(null);

export const prefill = (values: Prefill): void => $prefill.set({ values, at: Date.now() });
