import { atom, task } from 'nanostores';
import type { DeliveryMethod } from '#domain/pricing.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer, type Refusal } from '#app/api-answer.ts';
import { $basket, type Basket } from './basket.ts';

export type AddItemInput = { menuItemId: number; quantity: number; optionIds: number[] };

/**
 * The basket holds another restaurant's food (restaurantLocation) or food from another location of the chain
 * (mishmashedLocations): the shop asks whether to empty the basket and add this item instead.
 */
export type BasketConflict = { key: 'restaurantLocation' | 'mishmashedLocations'; pending: AddItemInput };

export const $basketConflict = atom<BasketConflict | null>(null);
/** The error key of the last refused basket change other than a conflict (requiredOptions, productUnavailable…). */
export const $basketError = atom<string | null>(null);
export const $basketBusy = atom(false);

type Outcome = 'added' | 'conflict' | 'refused';

/**
 * The error key of a refusal. With `field`, a `validation` answer naming that field's rule answers the rule
 * (PUT /api/basket/delivery says pickupUnavailable as `details.deliveryMethod`).
 */
const errorKeyOf = (refusal: Refusal, field?: string): string => {
  const rule = field && refusal.key === 'validation' ? refusal.details[field] : null;
  return typeof rule === 'string' ? rule : refusal.key;
};

/** Adds an item with its options; the server prices it and answers the whole basket, which replaces ours. */
export function addToBasket(input: AddItemInput, client: ApiClient = api): Promise<Outcome> {
  return task(async () => {
    $basketBusy.set(true);
    $basketError.set(null);
    try {
      const answer = await readAnswer(client.basket.items.$post({ json: input }));
      if (answer.ok) {
        $basket.set(answer.data as Basket);
        return 'added';
      }
      const key = errorKeyOf(answer);
      if (key === 'restaurantLocation' || key === 'mishmashedLocations') {
        $basketConflict.set({ key, pending: input });
        return 'conflict';
      }
      $basketError.set(key);
      return 'refused';
    } finally {
      $basketBusy.set(false);
    }
  });
}

/** Empties the basket (GET /api/basket/clear, as the spec names it). */
export function clearBasket(client: ApiClient = api): Promise<boolean> {
  return task(async () => {
    const answer = await readAnswer(client.basket.clear.$get());
    if (!answer.ok) {
      $basketError.set(errorKeyOf(answer));
      return false;
    }
    $basket.set(answer.data as Basket);
    return true;
  });
}

/** The visitor chose to start over: empty the basket, then add the item that was refused. */
export async function clearBasketAndAdd(client: ApiClient = api): Promise<Outcome> {
  const conflict = $basketConflict.get();
  $basketConflict.set(null);
  if (!conflict) return 'refused';
  if (!(await clearBasket(client))) return 'refused';
  return addToBasket(conflict.pending, client);
}

/** The visitor keeps the basket as it is. */
export function keepBasket(): void {
  $basketConflict.set(null);
}

export function dismissBasketError(): void {
  $basketError.set(null);
}

/** The largest quantity of one line the API takes (PATCH /api/basket/items/:itemId). */
export const MAX_LINE_QUANTITY = 99;

/** The error key of the last refused discount code (discountCode, discountNotActive, tooManyRequests…). */
export const $discountError = atom<string | null>(null);

// The basket page's changes run one after another, each on the basket the one before it answered: two quick
// clicks on "+" make two more, not one (the second reads the quantity the first one's answer set).
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(change: () => Promise<T>): Promise<T> {
  const run = queue.then(change, change);
  queue = run.catch(() => undefined);
  return task(() => run);
}

/**
 * Sends one basket change; its answer (the whole basket, re-priced) replaces ours. Answers null when it was done,
 * else the error key the API answered ('internalError' when the network failed).
 */
async function send(request: () => Promise<Response>, field?: string): Promise<string | null> {
  $basketBusy.set(true);
  try {
    const answer = await readAnswer(request);
    if (!answer.ok) return errorKeyOf(answer, field);
    $basket.set(answer.data as Basket);
    return null;
  } finally {
    $basketBusy.set(false);
  }
}

/** A line change the basket refused (the line is gone, say) stays as $basketError for the page to show. */
async function changeLines(request: () => Promise<Response>): Promise<boolean> {
  $basketError.set(null);
  const error = await send(request);
  $basketError.set(error);
  return error === null;
}

/**
 * Changes a line's quantity by `delta`, from the quantity the basket holds when the change's turn comes, kept
 * between 1 and MAX_LINE_QUANTITY (removing a line is removeLine). Answers false when refused.
 */
export function changeLineQuantity(itemId: number, delta: number, client: ApiClient = api): Promise<boolean> {
  return inTurn(async () => {
    const line = $basket.get()?.lines.find((l) => l.id === itemId);
    if (!line) return false;
    const quantity = Math.min(MAX_LINE_QUANTITY, Math.max(1, line.quantity + delta));
    if (quantity === line.quantity) return true;
    return changeLines(() =>
      client.basket.items[':itemId'].$patch({ param: { itemId: String(itemId) }, json: { quantity } }),
    );
  });
}

/** Removes a line (GET /api/basket/remove/{itemId}, as the spec names it). */
export function removeLine(itemId: number, client: ApiClient = api): Promise<boolean> {
  return inTurn(() => changeLines(() => client.basket.remove[':itemId'].$get({ param: { itemId: String(itemId) } })));
}

/**
 * Removes the given lines one after another (a shared basket's lines that stop the order, issue 35), each as
 * removeLine does; stops at the first refusal, which stays as $basketError. Answers whether every one went.
 */
export async function removeLines(itemIds: readonly number[], client: ApiClient = api): Promise<boolean> {
  for (const itemId of itemIds) if (!(await removeLine(itemId, client))) return false;
  return true;
}

/** The error key of the last refused delivery method (pickupUnavailable, deliveryUnavailable…), shown beside it. */
export const $deliveryError = atom<string | null>(null);

/**
 * The delivery method the customer has just chosen while the server has not yet answered for it: the picker shows it
 * ticked at once (the server takes about a second), and null again once the answer came, so the basket's own method
 * shows: the chosen one when accepted, the one before when refused (with $deliveryError beside it).
 */
export const $deliveryChoice = atom<DeliveryMethod | null>(null);
let deliveryChoices = 0;

/**
 * door2door, outside, leave@door or pickup; the server refuses a method the restaurant's location does not offer.
 * Optimistic: ticked at once. Choices queue like every basket change, and a choice overtaken by a later one while it
 * waited for its turn is not sent, nor is its answer shown: an impatient double change ends in the last choice.
 */
export function setDeliveryMethod(deliveryMethod: DeliveryMethod, client: ApiClient = api): Promise<boolean> {
  const choice = ++deliveryChoices;
  const latest = () => choice === deliveryChoices;
  $deliveryChoice.set(deliveryMethod);
  $deliveryError.set(null);
  return inTurn(async () => {
    if (!latest()) return true;
    const error = await send(() => client.basket.delivery.$put({ json: { deliveryMethod } }), 'deliveryMethod');
    if (latest()) {
      $deliveryChoice.set(null);
      $deliveryError.set(error);
    }
    return error === null;
  });
}

/** Applies a discount code; a refusal is kept in $discountError for the code's form to show. */
export function applyDiscountCode(code: string, client: ApiClient = api): Promise<boolean> {
  return inTurn(async () => {
    $discountError.set(null);
    const error = await send(() => client.basket.discount.$post({ json: { code: code.trim() } }));
    $discountError.set(error);
    return error === null;
  });
}

/** Takes the discount code off the basket (also the way out of discountNotActive). */
export function removeDiscountCode(client: ApiClient = api): Promise<boolean> {
  return inTurn(async () => {
    const error = await send(() => client.basket.discount.$delete());
    $discountError.set(error);
    return error === null;
  });
}

export function dismissDiscountError(): void {
  $discountError.set(null);
}
