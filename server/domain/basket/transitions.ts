import type { BasketAddress } from '../addresses.ts';
import { assertCanAddItem } from '../checkout.ts';
import { RuleError } from '../errors.ts';
import { checkoutFormRules, validate as validateForm } from '../forms.ts';
import type { RestaurantState, WorkingHours } from '../hours.ts';
import { checkModifierSelection, type ModifierGroup } from '../modifiers.ts';
import { countryOf, type Country } from '../money.ts';
import type { DeliveryMethod } from '../pricing.ts';
import {
  assertPromotionApplies,
  assertPromotionWindow,
  type PromotionFacts,
  type PromotionRules,
} from '../promotions.ts';

/*
 * A basket change as a pure transition: the basket's state and the facts the change read (decoded from the
 * database's rows by the service) in, a typed patch out, or one of the spec's errors thrown. The services decide
 * which facts to read and how a patch is written (services/basket/*.ts, on a prediction when they can, decision
 * 032); every rule of a change is here, once.
 */

/** The most of one line (spec section 3's quantity field). */
export const MAX_QUANTITY = 99;

/** What a change knows of the basket it changes: its kitchen (null: none yet) and its country. */
export type BasketState = { restaurantId: number | null; country: string };

const tooMany = () =>
  new RuleError('validation', `at most ${MAX_QUANTITY} of a line`, { quantity: 'isPositiveNumber' });
const notFound = (what: string) => new RuleError('notFound', what);

// ─── Items ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A menu item with its restaurant and location, as adding it reads them. */
export type MenuItemFacts = {
  id: number;
  active: boolean;
  unavailable: boolean;
  restaurantId: number;
  restaurantActive: boolean;
  isEnabled: boolean;
  locationId: number;
  locationDeleted: boolean;
  /** The location takes one basket across the brands cooked there (issue 35). */
  sharedBaskets: boolean;
  country: string;
  hours: WorkingHours | null;
};

export type AddItemFacts = {
  /** Null: no such item. */
  item: MenuItemFacts | null;
  groups: ModifierGroup[];
  /** How many lines the basket holds, and the location of its kitchen. */
  lineCount: number;
  currentLocationId: number | null;
  /** The basket's lines of this item. */
  lines: { id: number; quantity: number; optionIds: number[] }[];
  /** The item's restaurant open, closed or unavailable now (its hours in its country's zone), asked only when needed. */
  openState: (item: MenuItemFacts) => RestaurantState;
};

export type AddItemInput = { menuItemId: number; quantity: number; optionIds: number[] };

export type AddItemPatch = {
  /** The same item with the same options is one line with a larger quantity; otherwise a new line. */
  line:
    | { kind: 'increase'; lineId: number; quantity: number }
    | { kind: 'insert'; menuItemId: number; quantity: number; optionIds: number[] };
  /**
   * The basket's kitchen, and the country that follows it (a Kyiv restaurant's basket follows Ukraine's rules): the
   * item's restaurant, or in a shared basket the lead restaurant it already has.
   */
  kitchen: { restaurantId: number; country: string };
};

const sortedKey = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');

/**
 * Puts a menu item with its chosen options into the basket. Errors: notFound (no such item), productUnavailable
 * (item or option off, or the restaurant temporarily unavailable), requiredOptions and the other modifier rules,
 * restaurantLocation / mishmashedLocations (another kitchen's food is in the basket), restaurantClosed (details:
 * nextOpening), validation on quantity when the line would exceed MAX_QUANTITY.
 */
export function addItem(state: BasketState, facts: AddItemFacts, input: AddItemInput): AddItemPatch {
  const { item } = facts;
  if (!item || !item.active || !item.restaurantActive || item.locationDeleted)
    throw notFound(`item ${input.menuItemId}`);
  if (item.unavailable || !item.isEnabled) {
    throw new RuleError('productUnavailable', `item ${item.id} cannot be ordered now`, { menuItemId: item.id });
  }
  if (facts.lineCount > 0 && state.restaurantId !== null) {
    assertCanAddItem(
      { restaurantId: state.restaurantId, locationId: facts.currentLocationId ?? -1 },
      { restaurantId: item.restaurantId, locationId: item.locationId },
      item.sharedBaskets,
    );
  }
  const open = facts.openState(item);
  if (open.state !== 'open') {
    throw new RuleError('restaurantClosed', `restaurant ${item.restaurantId} is closed now`, {
      nextOpening: open.nextOpening,
    });
  }
  const chosen = checkModifierSelection(facts.groups, input.optionIds).map((o) => o.id);
  const key = sortedKey(chosen);
  const same = facts.lines.find((l) => sortedKey(l.optionIds) === key);
  // A shared basket keeps the restaurant it started with as its lead (the order's restaurant, decision 066).
  const lead = facts.lineCount > 0 && state.restaurantId !== null ? state.restaurantId : item.restaurantId;
  const kitchen = { restaurantId: lead, country: item.country };
  if (same) {
    const quantity = same.quantity + input.quantity;
    if (quantity > MAX_QUANTITY) throw tooMany();
    return { line: { kind: 'increase', lineId: same.id, quantity }, kitchen };
  }
  return { line: { kind: 'insert', menuItemId: item.id, quantity: input.quantity, optionIds: chosen }, kitchen };
}

/** Whether the line is in this basket. */
export type LineFacts = { inBasket: boolean };

export type LinePatch =
  { kind: 'setQuantity'; lineId: number; quantity: number } | { kind: 'removeLine'; lineId: number };

/** Sets a line's quantity; 0 removes it. notFound when the line is not in this basket; validation above 99. */
export function setQuantity(
  _state: BasketState,
  facts: LineFacts,
  input: { lineId: number; quantity: number },
): LinePatch {
  if (!facts.inBasket) throw notFound(`line ${input.lineId}`);
  if (input.quantity > MAX_QUANTITY) throw tooMany();
  return input.quantity > 0
    ? { kind: 'setQuantity', lineId: input.lineId, quantity: input.quantity }
    : { kind: 'removeLine', lineId: input.lineId };
}

/** Takes a line out; an emptied basket belongs to no restaurant. notFound when the line is not in this basket. */
export const removeItem = (state: BasketState, facts: LineFacts, input: { lineId: number }): LinePatch =>
  setQuantity(state, facts, { lineId: input.lineId, quantity: 0 });

/** Empties the basket: no lines, no restaurant, no discount code. How and where to deliver stays. */
export const clear = (_state: BasketState): { kind: 'clear' } => ({ kind: 'clear' });

/** The basket's lead restaurant and its location, and whether that location shares baskets (issue 35). */
export type BasketKitchen = { restaurantId: number | null; locationId: number | null; shared: boolean };

/**
 * Whether a priced line can no longer be ordered as it is (checkout answers productUnavailable): the item or one of
 * its options is off, the item is gone, an option it was chosen with is gone, or it is another kitchen's (in a shared
 * basket, another location's).
 */
export const lineUnavailable = (
  line: {
    item: { unavailable: boolean; active: boolean; restaurantId: number; locationId: number };
    options: { unavailable: boolean }[];
  },
  lostOption: boolean,
  kitchen: BasketKitchen,
): boolean =>
  line.item.unavailable ||
  !line.item.active ||
  lostOption ||
  (kitchen.shared ? line.item.locationId !== kitchen.locationId : line.item.restaurantId !== kitchen.restaurantId) ||
  line.options.some((o) => o.unavailable);

// ─── Delivery and discount ─────────────────────────────────────────────────────────────────────────────────────────

/** The country and delivery options of the kitchen the basket holds food of; null when it holds none. */
export type KitchenFacts = { country: string; pickupEnabled: boolean; deliveryEnabled: boolean } | null;

export type DeliveryInput = {
  deliveryMethod: DeliveryMethod;
  country?: Country | undefined;
  address?: BasketAddress | null | undefined;
};

/** Undefined `address`: the one given before stays (switching to pickup and back loses nothing). */
export type DeliveryPatch = {
  deliveryMethod: DeliveryMethod;
  country: Country;
  address: BasketAddress | null | undefined;
};

const addressRules = {
  street: checkoutFormRules.street,
  streetNo: checkoutFormRules.streetNo,
  city: checkoutFormRules.city,
  zip: checkoutFormRules.zip,
};

/**
 * How and where to deliver. The address is checked with the country's rules (zip pattern), the country must be the
 * kitchen's once the basket holds a restaurant's food (restaurantLocation: clear the basket to switch), and the
 * method must be one the kitchen offers (validation: pickupUnavailable, deliveryUnavailable).
 */
export function setDelivery(state: BasketState, facts: { kitchen: KitchenFacts }, input: DeliveryInput): DeliveryPatch {
  const { kitchen } = facts;
  const country = input.country ?? (kitchen ? countryOf(kitchen.country) : countryOf(state.country));
  if (kitchen && kitchen.country !== country) {
    throw new RuleError('restaurantLocation', 'the basket holds food of a restaurant in another country');
  }
  if (kitchen && input.deliveryMethod === 'pickup' && !kitchen.pickupEnabled) {
    throw new RuleError('validation', 'the kitchen offers no pickup', { deliveryMethod: 'pickupUnavailable' });
  }
  if (kitchen && input.deliveryMethod !== 'pickup' && !kitchen.deliveryEnabled) {
    throw new RuleError('validation', 'the kitchen offers no delivery', { deliveryMethod: 'deliveryUnavailable' });
  }
  let address = input.address;
  if (address) {
    const errors = validateForm(addressRules, address, { country });
    if (Object.keys(errors).length > 0) {
      throw new RuleError(
        'validation',
        'the address breaks its country’s rules',
        Object.fromEntries(Object.entries(errors).map(([field, rule]) => [`address.${field}`, rule])),
      );
    }
    address = { ...address, zip: address.zip.trim() };
  }
  return { deliveryMethod: input.deliveryMethod, country, address };
}

/** A discount code as applying it reads it, with its own rules (issue 38); null when no code has this text. */
export type DiscountCodeFacts = {
  id: number;
  country: string;
  active: boolean;
  used: number;
  quantity: number;
  rules?: PromotionRules;
} | null;

/**
 * The basket a code's rules are judged on: the time, the kitchen's clock, its restaurant (null: no food yet, when
 * only the window can be judged) and lines, and what the basket's account did before (0 for a guest: a guest's
 * e-mail and phone are known at checkout, which judges them again).
 */
export type PromotionBasket = Omit<PromotionFacts, 'restaurant'> & { restaurant: PromotionFacts['restaurant'] | null };

/**
 * Applies a discount code. discountCode: no such code, or a code of another country than the kitchen's (the
 * basket's when it holds no food); discountNotActive: switched off or used up; then the code's own rules, each with
 * its key (#domain/promotions.ts).
 */
export function applyDiscount(
  state: BasketState,
  facts: { code: DiscountCodeFacts; kitchen: KitchenFacts; basket?: PromotionBasket },
): { discountCodeId: number } {
  const { code } = facts;
  if (!code) throw new RuleError('discountCode', 'no such discount code');
  const country = facts.kitchen?.country ?? state.country;
  if (code.country !== country) throw new RuleError('discountCode', `the code is for ${code.country}, not ${country}`);
  if (!code.active || code.used >= code.quantity) throw new RuleError('discountNotActive', 'the code is not active');
  const { basket } = facts;
  if (code.rules && basket) {
    if (basket.restaurant) assertPromotionApplies(code.rules, { ...basket, restaurant: basket.restaurant });
    else assertPromotionWindow(code.rules, basket.now, basket.timeZone);
  }
  return { discountCodeId: code.id };
}

/** Takes the discount code off. */
export const removeDiscount = (_state: BasketState): { discountCodeId: null } => ({ discountCodeId: null });
