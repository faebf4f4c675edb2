import { m } from '#i18n/paraglide/messages.js';
import { allergenTexts } from '#i18n/allergen-texts.ts';
import { errorMessage, messageLocale } from '#i18n/messages.ts';
import { htmlLang, type Locale } from '#domain/localized-routes.ts';
import { PICKUP_MINUTES } from '#domain/orders.ts';
import type { BasketTexts, BasketTotalsLabels } from '#app/basket/texts.ts';

const inLocale = (locale: Locale) => ({ locale: messageLocale(locale) });

/** The summary lines' words for app/basket/BasketTotals.tsx, in a page's language (the summary page uses it too). */
export function basketTotalsLabels(locale: Locale): BasketTotalsLabels {
  const l = inLocale(locale);
  return {
    title: m.basket_totals_title({}, l),
    serviceFee: m.basket_totals_service_fee({}, l),
    items: m.basket_totals_items({}, l),
    delivery: m.basket_totals_delivery({}, l),
    discount: m.basket_totals_discount({ code: '{code}' }, l),
    discountFreeDelivery: m.basket_totals_discount_free_delivery({}, l),
    extraFee: m.basket_totals_extra_fee({}, l),
    extraFeeHint: m.basket_totals_extra_fee_hint({ threshold: '{threshold}' }, l),
    total: m.basket_totals_total({}, l),
  };
}

/**
 * The error keys the basket page can meet: what the basket API answers a change (spec section 8 and the
 * catalogue's basket keys) and the checkout rules the page checks before the summary.
 */
const BASKET_ERRORS = [
  'discountCode',
  'discountNotActive',
  'discountNotYetValid',
  'discountExpired',
  'discountNotHere',
  'discountNoEligibleItems',
  'discountBelowMinimum',
  'discountFirstOrderOnly',
  'discountAlreadyUsed',
  'minBasketValueError',
  'productUnavailable',
  'restaurantClosed',
  'restaurantLocation',
  'pickupUnavailable',
  'deliveryUnavailable',
  'validation',
  'notFound',
  'Forbidden',
  'tooManyRequests',
  'databaseUnavailable',
  'internalError',
] as const;

/** Every sentence of the basket page's island in the page's language; templates keep their '{placeholders}'. */
export function basketTexts(locale: Locale): BasketTexts {
  const l = inLocale(locale);
  return {
    totals: basketTotalsLabels(locale),
    loading: m.basket_loading({}, l),
    loadError: m.basket_load_error({}, l),
    retry: m.basket_retry({}, l),
    linesTitle: m.basket_lines_title({ restaurant: '{restaurant}' }, l),
    linesTitleShared: m.basket_lines_title_shared({}, l),
    brandMenu: m.catalogue_menu({}, l),
    backToMenu: m.basket_back_to_menu({}, l),
    quantity: m.basket_quantity({}, l),
    increase: m.basket_increase({ item: '{item}' }, l),
    decrease: m.basket_decrease({ item: '{item}' }, l),
    remove: m.basket_remove({}, l),
    removeItem: m.basket_remove_item({ item: '{item}' }, l),
    unitPrice: m.basket_unit_price({ price: '{price}' }, l),
    lineUnavailable: m.basket_line_unavailable({}, l),
    blockedLines: m.basket_blocked_lines({}, l),
    removeBlocked: m.basket_remove_blocked({}, l),
    removedBlocked: m.basket_removed_blocked({}, l),
    quantityChanged: m.basket_quantity_changed({ item: '{item}', count: '{count}' }, l),
    removed: m.basket_removed({ item: '{item}' }, l),
    clear: m.basket_clear({}, l),
    clearTitle: m.basket_clear_title({}, l),
    clearText: m.basket_clear_text({}, l),
    clearConfirm: m.basket_clear_confirm({}, l),
    clearCancel: m.basket_clear_cancel({}, l),
    discountTitle: m.basket_discount_title({}, l),
    discountLabel: m.basket_discount_label({}, l),
    discountApply: m.basket_discount_apply({}, l),
    discountApplied: m.basket_discount_applied({ code: '{code}' }, l),
    discountRemove: m.basket_discount_remove({}, l),
    discountRemoveCode: m.basket_discount_remove_code({ code: '{code}' }, l),
    deliveryTitle: m.basket_delivery_title({}, l),
    deliveryMethods: {
      door2door: m.basket_delivery_door2door({}, l),
      outside: m.basket_delivery_outside({}, l),
      'leave@door': m.basket_delivery_leaveAtDoor({}, l),
      pickup: m.basket_delivery_pickup({}, l),
    },
    deliveryHints: {
      door2door: m.basket_delivery_door2door_hint({}, l),
      outside: m.basket_delivery_outside_hint({}, l),
      'leave@door': m.basket_delivery_leaveAtDoor_hint({}, l),
      pickup: m.basket_delivery_pickup_hint({ minutes: PICKUP_MINUTES, address: '{address}' }, l),
    },
    minimum: m.basket_minimum({ minimum: '{minimum}' }, l),
    minimumMissing: m.basket_minimum_missing({ missing: '{missing}' }, l),
    goToSummary: m.basket_go_to_summary({}, l),
    blocked: m.basket_blocked({}, l),
    opensAt: m.catalogue_opens_at({ time: '{time}' }, l),
    lang: htmlLang(locale),
    errors: Object.fromEntries(BASKET_ERRORS.map((key) => [key, errorMessage(key, locale)])),
    allergens: allergenTexts(locale),
  };
}
