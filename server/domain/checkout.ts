import type { Temporal } from 'temporal-polyfill';
import {
  type Channel,
  type Consent,
  type PaymentAvailabilityHours,
  type PaymentMethod,
  isPaymentAvailable,
  isPaymentOptionOpenAt,
  requiredConsents,
} from './country.ts';
import { type DeliveryArea, type DeliveryPoint, isInsideDeliveryArea } from './delivery-area.ts';
import { type ErrorKey, RuleError } from './errors.ts';
import { type WorkingHours, canTakeOrders, hoursFor, serviceOf } from './hours.ts';
import type { Country } from './money.ts';
import { type BasketSummary, type DeliveryMethod, meetsMinimum } from './pricing.ts';
import type { PromotionRefusal } from './promotions.ts';

const BLIK_CODE_LENGTH = 6;

/**
 * Spec section 5: a Blik code is exactly 6 digits, digits only. Anything that is not a digit is
 * blikCodeMustBeNumber (checked first: it is the more helpful message); digits of the wrong length
 * are blikCode. No normalisation: the input field only takes digits.
 */
export function checkBlikCode(code: string): void {
  if (!/^\d*$/.test(code)) throw new RuleError('blikCodeMustBeNumber', 'Blik code must contain only digits');
  if (code.length !== BLIK_CODE_LENGTH)
    throw new RuleError('blikCode', `Blik code must have ${BLIK_CODE_LENGTH} digits`);
}

export type BasketOwner = { restaurantId: number | string; locationId: number | string };

/**
 * Adding an item to a basket (null or undefined = empty basket, anything goes). Food cooked at another location (a
 * Kyiv dish into a Warsaw basket, another district's kitchen) is mishmashedLocations: "products from different
 * locations cannot be ordered together"; another restaurant at the same location is restaurantLocation ("you are
 * changing restaurant"), as the spec's catalogue words them (issue 40).
 */
export function assertCanAddItem(basket: BasketOwner | null | undefined, item: BasketOwner, shared = false): void {
  if (!basket) return;
  if (basket.locationId !== item.locationId) {
    throw new RuleError('mishmashedLocations', 'products from different locations cannot be ordered together', {
      basketLocationId: basket.locationId,
      itemLocationId: item.locationId,
    });
  }
  // A location sharing baskets (issue 35) takes every brand cooked there into one basket.
  if (basket.restaurantId !== item.restaurantId && !shared) {
    throw new RuleError('restaurantLocation', 'the basket holds items of another restaurant', {
      basketRestaurantId: basket.restaurantId,
      itemRestaurantId: item.restaurantId,
    });
  }
}

/** Where a line's food is cooked now: its restaurant, that restaurant's location and brand (concept). */
export type LineKitchen = {
  restaurantId: number | string;
  locationId: number | string;
  /** The restaurant's brand, where known; the conflict rule itself looks only at locations and restaurants. */
  conceptId?: number | string;
};

/**
 * Whether a line's kitchen conflicts with the basket's restaurant, by the rule of assertCanAddItem: cooked at another
 * location is mishmashedLocations, by another restaurant at the same location restaurantLocation unless the location
 * shares baskets; null when it is the basket's own.
 */
export function kitchenConflict(
  restaurant: LineKitchen,
  line: LineKitchen,
  shared = false,
): 'restaurantLocation' | 'mishmashedLocations' | null {
  if (line.locationId !== restaurant.locationId) return 'mishmashedLocations';
  return line.restaurantId !== restaurant.restaurantId && !shared ? 'restaurantLocation' : null;
}

/** A brand of a shared basket other than its lead restaurant, as checkout judges it for its own lines. */
export type CheckoutBrand = {
  id: number | string;
  isEnabled: boolean;
  hours: WorkingHours;
  timeZone: string;
  deliveryArea: DeliveryArea | null | undefined;
};

export type CheckoutInput = {
  restaurant: {
    id: number | string;
    locationId: number | string;
    /** The restaurant's brand, to tell another brand's food (restaurantLocation) from its own cooked elsewhere. */
    conceptId?: number | string;
    isEnabled: boolean;
    hours: WorkingHours;
    timeZone: string;
    deliveryArea: DeliveryArea | null | undefined;
    /** The location shares baskets (issue 35): other brands' food cooked there is the basket's own. */
    sharedBaskets?: boolean;
  };
  /**
   * The other brands whose food a shared basket holds (issue 35): each must take orders now (restaurantClosed) and
   * deliver to the address (addressOutOfRestaurantsDeliveryArea), as the basket's own restaurant must.
   */
  brands?: readonly CheckoutBrand[];
  /** Every line of the basket, with the state of its product (and chosen options) now and where it is cooked. */
  items: (LineKitchen & { unavailable?: boolean })[];
  summary: Pick<BasketSummary, 'productsValue' | 'minBasketValue'>;
  deliveryMethod: DeliveryMethod;
  /** Delivery address; ignored for pickup. */
  address?: DeliveryPoint | null;
  /**
   * The applied code as looked up now: `exists` false when it is missing from the database or is not a code of the
   * basket's country (as applying it answers discountCode), else found with its active flag.
   */
  discount?: { exists: boolean; active: boolean; refusal?: PromotionRefusal['key'] | undefined } | null;
  /** Left out to check the basket before the customer has chosen how to pay. */
  payment?: {
    method: PaymentMethod;
    channel: Channel;
    country: Country;
    blikCode?: string | null;
    googlePayToken?: string | null;
    /**
     * Whether the country's configured payments list (data an admin edits) offers the method on the channel and,
     * for an online method, the deployment has a provider taking it in that country; false makes it unavailable
     * even where the rules allow it. Left out when there is no such list to ask.
     */
    offered?: boolean;
    /**
     * The configured option's availability hours (spec section 3: mondayToFriday, saturday, sunday), in the
     * country's time zone; outside them the method is unavailable. Null or left out: available at any time.
     */
    hours?: PaymentAvailabilityHours | null;
  } | null;
  /** The ticked consents; left out to skip the consent check (e.g. for a basket preview). */
  consents?: Partial<Record<Consent, boolean>> | null;
  /** A scheduled order the closed restaurant takes as a pre-order (issue 34): restaurantClosed does not hold. */
  preOrder?: boolean;
  now: Temporal.Instant;
};

/**
 * Everything that stops an order, as error keys, in a fixed order: first what is wrong with the
 * basket itself (restaurantLocation, mishmashedLocations, productUnavailable), then the restaurant
 * (restaurantClosed), the value (minBasketValueError), the address
 * (addressOutOfRestaurantsDeliveryArea), the discount (discountCode, discountNotActive, then the first of its own
 * rules it breaks: discountNotYetValid … discountAlreadyUsed, #domain/promotions.ts) and lastly
 * the payment step (paymentMethodUnavailable, also outside the method's availability hours; blikCodeMustBeNumber /
 * blikCode; consentRequired).
 * Each key appears at most once; an empty list means the order may be placed.
 */
export function checkoutProblems(input: CheckoutInput): ErrorKey[] {
  const problems: ErrorKey[] = [];
  const { restaurant } = input;

  const own: LineKitchen = {
    restaurantId: restaurant.id,
    locationId: restaurant.locationId,
    ...(restaurant.conceptId !== undefined ? { conceptId: restaurant.conceptId } : {}),
  };
  const conflicts = input.items.map((i) => kitchenConflict(own, i, restaurant.sharedBaskets === true));
  if (conflicts.includes('restaurantLocation')) problems.push('restaurantLocation');
  else if (conflicts.includes('mishmashedLocations')) problems.push('mishmashedLocations');
  if (input.items.some((i) => i.unavailable)) problems.push('productUnavailable');

  // A scheduled order from a kitchen that takes pre-orders while closed (kitchen-settings.ts preOrderAllowed).
  // The hours of the order's service: pickup and delivery may keep hours of their own (issue 38).
  // Every brand of a shared basket cooks in the same kitchen, which takes the pre-order for all of them.
  const kitchens: readonly CheckoutBrand[] = [restaurant, ...(input.brands ?? [])];
  const service = serviceOf(input.deliveryMethod);
  const closed = kitchens.some((k) => !canTakeOrders({ ...k, hours: hoursFor(k.hours, service) }, input.now));
  if (closed && !input.preOrder) problems.push('restaurantClosed');
  if (!meetsMinimum(input.summary)) problems.push('minBasketValueError');

  if (
    input.deliveryMethod !== 'pickup' &&
    kitchens.some((k) => !isInsideDeliveryArea(k.deliveryArea, input.address ?? {}))
  ) {
    problems.push('addressOutOfRestaurantsDeliveryArea');
  }

  if (input.discount && !input.discount.exists) problems.push('discountCode');
  else if (input.discount && !input.discount.active) problems.push('discountNotActive');
  else if (input.discount?.refusal) problems.push(input.discount.refusal);

  const { payment, consents } = input;
  if (payment) {
    if (
      !isPaymentAvailable(payment.method, payment.channel, payment.country) ||
      payment.offered === false ||
      !isPaymentOptionOpenAt(payment.hours ?? null, payment.country, input.now)
    ) {
      problems.push('paymentMethodUnavailable');
    } else if (payment.method === 'blik') {
      try {
        checkBlikCode(payment.blikCode ?? '');
      } catch (error) {
        problems.push((error as RuleError).key);
      }
    }
    if (consents && requiredConsents(payment.country, payment.method).some((c) => consents[c] !== true)) {
      problems.push('consentRequired');
    }
  }
  return problems;
}

/**
 * checkoutProblems for callers that want the first problem thrown, with what the customer needs to fix it:
 * every problem (details.problems) and, for consentRequired, the consents still missing (details.missing).
 * A Google Pay order without its token is a form error (validation, googlePayToken: notEmpty) and comes
 * before the rest, unless Google Pay is not available at all.
 */
export function assertCheckout(input: CheckoutInput): void {
  const problems = checkoutProblems(input);
  const { payment, consents } = input;
  if (payment?.method === 'googlePay' && !payment.googlePayToken && !problems.includes('paymentMethodUnavailable'))
    throw new RuleError('validation', 'a Google Pay order needs its token', { googlePayToken: 'notEmpty' });
  const [first] = problems;
  if (!first) return;
  const details: Record<string, unknown> = { problems };
  if (first === 'consentRequired' && payment)
    details['missing'] = requiredConsents(payment.country, payment.method).filter((c) => consents?.[c] !== true);
  throw new RuleError(first, `checkout refused: ${first}`, details);
}
