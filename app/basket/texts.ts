import type { DeliveryMethod } from '#domain/pricing.ts';
import type { AllergenTexts } from '#i18n/allergen-sentences.ts';

/**
 * The basket's summary lines' words (spec section 3: service fee, items, delivery, discount, extra fee, total),
 * resolved by the page in its language (sites/components/basket/messages.ts basketTotalsLabels). Templates keep
 * their '{placeholders}' for `fill` (app/catalogue/texts.ts).
 */
export type BasketTotalsLabels = {
  title: string;
  serviceFee: string;
  items: string;
  delivery: string;
  /** 'Discount {code}'. */
  discount: string;
  /** After a free-delivery code's name. */
  discountFreeDelivery: string;
  extraFee: string;
  /** 'for orders under {threshold}'. */
  extraFeeHint: string;
  total: string;
};

/** Every sentence of the basket page's island, in the page's language (the browser gets no message catalogue). */
export type BasketTexts = {
  totals: BasketTotalsLabels;
  loading: string;
  loadError: string;
  retry: string;
  /** 'Your order from {restaurant}'. */
  linesTitle: string;
  /** The lines' title when they are grouped under several brands (issue 35). */
  linesTitleShared: string;
  /** A brand group's link to its restaurant's menu. */
  brandMenu: string;
  backToMenu: string;
  quantity: string;
  /** '{item}': the buttons' accessible names. */
  increase: string;
  decrease: string;
  remove: string;
  removeItem: string;
  /** '{price} each'. */
  unitPrice: string;
  lineUnavailable: string;
  /** Some lines stop the order (issue 35), and the one action removing just those, then its announcement. */
  blockedLines: string;
  removeBlocked: string;
  removedBlocked: string;
  /** '{item}: {count}', announced after a change. */
  quantityChanged: string;
  /** '{item}', announced after a removal. */
  removed: string;
  clear: string;
  clearTitle: string;
  clearText: string;
  clearConfirm: string;
  clearCancel: string;
  discountTitle: string;
  discountLabel: string;
  discountApply: string;
  /** '{code}'. */
  discountApplied: string;
  discountRemove: string;
  /** '{code}'. */
  discountRemoveCode: string;
  deliveryTitle: string;
  deliveryMethods: Record<DeliveryMethod, string>;
  deliveryHints: Record<DeliveryMethod, string>;
  /** 'Minimum order value {minimum}'. */
  minimum: string;
  /** 'Add {missing} more to reach it.' */
  minimumMissing: string;
  goToSummary: string;
  /** 'You cannot go on to the summary yet:'. */
  blocked: string;
  /** 'Opens {time}': after restaurantClosed, when the restaurant opens next. */
  opensAt: string;
  /** The page's HTML lang (pl, en, uk), for dates and times. */
  lang: string;
  /** The error keys the basket's API and its checkout rules answer, translated; internalError for anything else. */
  errors: Record<string, string>;
  /** Each line's allergens (issue 36). */
  allergens: AllergenTexts;
};
