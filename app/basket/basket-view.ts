import type { Locale } from '#domain/localized-routes.ts';
import { DELIVERY_METHODS, type DeliveryMethod, meetsMinimum, missingForMinimum } from '#domain/pricing.ts';
import type { Basket } from '#app/stores/basket.ts';
import type { PromotionRefusal } from '#domain/promotions.ts';

export type BasketLine = Basket['lines'][number];
type Names = Partial<Record<Locale, string>>;

/**
 * A menu name in the page's language where the menu translates it, else as written (as the restaurant page shows
 * it). The basket API answers names already without emoji (server/services/basket/priced.ts).
 */
export const nameIn = (name: string, names: Names | undefined, locale: Locale): string => names?.[locale] ?? name;

export type LineText = { name: string; options: { group: string; name: string }[] };

/** A basket line's item and chosen options (with their groups) in the page's language. */
export function lineText(line: BasketLine, locale: Locale): LineText {
  return {
    name: nameIn(line.name, line.names, locale),
    options: line.options.map((option) => ({
      group: nameIn(option.groupName, option.groupNames, locale),
      name: nameIn(option.name, option.names, locale),
    })),
  };
}

/**
 * The delivery methods the basket's location offers (spec sections 3 and 5): door2door, outside and leave@door where
 * it delivers, pickup where it allows pickup. None before the basket holds a restaurant's food.
 */
export function deliveryMethodsOf(location: Basket['location']): DeliveryMethod[] {
  if (!location) return [];
  return DELIVERY_METHODS.filter((method) => (method === 'pickup' ? location.pickupEnabled : location.deliveryEnabled));
}

/**
 * What stops the customer from going on to the summary, as the error keys the checkout would answer: the basket
 * itself (productUnavailable), the restaurant (restaurantClosed), the minimum order value (minBasketValueError, with
 * how much is missing), an inactive discount code (discountNotActive) and a code whose own rule the basket breaks
 * (its refusal's key, issue 38). The address is the summary's to check.
 */
export type SummaryBlocker =
  | { key: 'minBasketValueError'; missing: number }
  | { key: 'productUnavailable' | 'restaurantClosed' | 'discountNotActive' }
  | { key: PromotionRefusal['key'] };

export function summaryBlockers(basket: Basket): SummaryBlocker[] {
  const blockers: SummaryBlocker[] = [];
  if (basket.lines.some((line) => line.unavailable)) blockers.push({ key: 'productUnavailable' });
  if (basket.restaurant && basket.restaurant.state.state !== 'open') blockers.push({ key: 'restaurantClosed' });
  if (!meetsMinimum(basket.summary))
    blockers.push({ key: 'minBasketValueError', missing: missingForMinimum(basket.summary) });
  if (basket.discount && !basket.discount.active) blockers.push({ key: 'discountNotActive' });
  else if (basket.discount?.refusal) blockers.push({ key: basket.discount.refusal.key });
  return blockers;
}
