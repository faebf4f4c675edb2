import type { Locale } from '#domain/localized-routes.ts';
import { DELIVERY_METHODS, type DeliveryMethod, meetsMinimum, missingForMinimum } from '#domain/pricing.ts';
import type { Basket } from '#app/stores/basket.ts';
import type { PromotionRefusal } from '#domain/promotions.ts';
import type { LineBlock } from '#domain/shared-basket.ts';
import { linesByBrand, namesBrands } from '#domain/order-brands.ts';

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
  const blocks = (key: LineBlock) => basket.lines.some((line) => line.blocked === key);
  if (basket.lines.some((line) => line.unavailable) || blocks('productUnavailable'))
    blockers.push({ key: 'productUnavailable' });
  // A shared basket's brand that closed blocks its own lines while the lead restaurant is open (issue 35).
  if ((basket.restaurant && basket.restaurant.state.state !== 'open') || blocks('restaurantClosed'))
    blockers.push({ key: 'restaurantClosed' });
  if (!meetsMinimum(basket.summary))
    blockers.push({ key: 'minBasketValueError', missing: missingForMinimum(basket.summary) });
  if (basket.discount && !basket.discount.active) blockers.push({ key: 'discountNotActive' });
  else if (basket.discount?.refusal) blockers.push({ key: basket.discount.refusal.key });
  return blockers;
}

export type BasketBrand = Basket['brands'][number];

/**
 * A shared basket's lines under their brands (issue 35), grouped as the order's screens and papers group them
 * (#domain/order-brands.ts), each line's brand being the restaurant of its kitchen; none for a basket of one brand,
 * which shows its lines as it always did.
 */
export const brandGroups = (basket: Pick<Basket, 'lines' | 'brands'>) =>
  namesBrands(basket.brands)
    ? linesByBrand(
        basket.lines.map((line) => ({ ...line, restaurantId: line.kitchen.restaurantId })),
        basket.brands,
      )
    : [];

/** The lines that stop the order now (a closed brand's, an unavailable dish's): the ones "remove them" removes. */
export const blockedLines = (basket: Pick<Basket, 'lines'>): BasketLine[] =>
  basket.lines.filter((line) => line.blocked !== null || line.unavailable);

/** Where the shop serves each brand's logo, by the brand's (concept's) slug: the pages hand it to their islands. */
export type BrandLogos = Record<string, string>;
