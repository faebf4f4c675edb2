import { Temporal } from 'temporal-polyfill';
import { allergenColumnsOf, type Allergen } from '#domain/allergens.ts';
import type { orders } from '#db/schema/index.ts';
import { assertCheckout } from '#domain/checkout.ts';
import { type Channel, isOnlinePayment, type PaymentAvailabilityHours, type PaymentMethod } from '#domain/country.ts';
import { assertValid, checkoutFormRules, pickupCheckoutFormRules } from '#domain/forms.ts';
import type { Currency } from '#domain/money.ts';
import { displayId } from '#domain/orders.ts';
import { invoiceRequestOf } from '../../invoices/request.ts';
import type { InvoiceRequest, LegalEntity } from '#domain/invoice.ts';
import type { Actor, Env } from '#server/context.ts';
import { actorAuditData, actorUserId } from '../../actor.ts';
import {
  pricedAt,
  promotionLine,
  promotionLines,
  type PricedBasket,
  type PricedBasketLocation,
  type PricedBasketRestaurant,
} from '../../basket/priced.ts';
import type { OutgoingEmail } from '../../outbox/enqueue.ts';
import { hashAccessToken } from '../access-token.ts';
import type { AuditEntry } from '../bookkeeping.ts';
import { orderConfirmationEmail } from '../confirmation.ts';
import type { SlotLoad } from '#domain/kitchen-capacity.ts';
import { type OrderPromise, orderPromise, preOrderAllowed } from '#domain/kitchen-settings.ts';
import { RuleError } from '#domain/rule-error.ts';
import { recordedConsents } from './idempotency.ts';
import type { CustomerHistory } from './promotion.ts';
import { customerKeys, lineEligible, promotionRefusal } from '#domain/promotions.ts';
import type { PlaceOrderInput } from './input.ts';

/** A basket an order can be made of: it has a restaurant at a location, and lines. */
export type OrderableBasket = PricedBasket & {
  restaurant: PricedBasketRestaurant;
  location: PricedBasketLocation;
};

export const isOrderable = (basket: PricedBasket): basket is OrderableBasket =>
  basket.restaurant !== null && basket.location !== null && basket.lines.length > 0;

export type OrderRecord = typeof orders.$inferSelect;
type Customer = OrderRecord['customer'];

/** A line of the order; `line` is its place in the basket, which ties its modifiers to it until it has an id. */
export type DraftLine = {
  line: number;
  menuItemId: number;
  /** The brand's restaurant that cooks it: the order's own, or another brand's at a location sharing baskets. */
  restaurantId: number;
  name: string;
  quantity: number;
  unitPrice: number;
  value: number;
  /** Whether the order's discount code applied to the line (decision 067); true when no code applies. */
  discounted: boolean;
  /** The line's allergens as ordered (decision 050); both null when not given. */
  allergens: Allergen[] | null;
  mayContain: Allergen[] | null;
};
export type DraftMod = { line: number; modifierOptionId: number; groupName: string; name: string; value: number };
export type DraftPayment = {
  id: string;
  provider: string;
  method: PaymentMethod;
  amount: number;
  currency: Currency;
};

/** Everything placing the order writes, made before anything is written. */
export type OrderDraft = {
  order: OrderRecord;
  lines: DraftLine[];
  mods: DraftMod[];
  /** The online payment to register with the provider; null when paid on delivery. */
  payment: DraftPayment | null;
  audit: AuditEntry;
  /** The confirmation, sent now when the order goes straight to the restaurant; an online order's waits for its payment. */
  email: OutgoingEmail | null;
  /** The company invoice the customer asked for (issue 36), stored beside the order. */
  invoice: InvoiceRequest | null;
  /**
   * A once-per-customer code's keys of this customer (account, e-mail, phone), each written with the order under the
   * code's unique key (discount_redemptions): a second order of the same customer at the same moment fails on it.
   */
  redemptions: string[];
};

export type DraftCall = {
  basket: OrderableBasket;
  input: PlaceOrderInput;
  actor: Actor;
  channel: Channel;
  idempotencyKey: string;
  requestHash: string;
  /** Whether the country's configured payments list offers the method on this channel. */
  offered: boolean;
  /** The configured option's availability hours; outside them the method is unavailable (null: at any time). */
  paymentHours: PaymentAvailabilityHours | null;
  now: Date;
  /** Made by the caller, so that the draft is a function of its arguments. */
  ids: { order: string; payment: string };
  accessToken: string;
  /**
   * The provider that takes this online method in this country (the deployment's routing); null when none does,
   * which makes the method unavailable, or when the order is paid on delivery.
   */
  paymentProvider: string | null;
  config: Env;
  /** The company selling under the brand, named in the confirmation (issue 36). */
  seller?: LegalEntity | null | undefined;
  /** What the kitchen's slots already hold (empty where the kitchen does not limit them). */
  load: ReadonlyMap<number, SlotLoad>;
  /** The customer's uses of the basket's discount code and earlier orders (issue 38); none when not given. */
  history?: CustomerHistory | undefined;
};

/** The slot the customer chose: an ISO instant (with its offset), or none for "as soon as possible". */
function scheduledSlotOf(value: string | null | undefined): Temporal.Instant | null {
  if (value === undefined || value === null || value === '') return null;
  try {
    return Temporal.Instant.from(value);
  } catch {
    throw new RuleError('validation', 'not an instant', { scheduledFor: 'invalid' });
  }
}

/** Customer details first: the form is what the customer can fix right away. */
function customerOf(input: PlaceOrderInput, pickup: boolean, country: string): Customer {
  if (pickup) {
    assertValid(pickupCheckoutFormRules, input, { country });
    return {
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      phone: input.phone.trim(),
      email: input.email.trim(),
    };
  }
  assertValid(checkoutFormRules, input, { country });
  const aptNo = input.aptNo?.trim();
  return {
    firstname: input.firstname.trim(),
    lastname: input.lastname.trim(),
    phone: input.phone.trim(),
    email: input.email.trim(),
    street: input.street.trim(),
    streetNo: input.streetNo.trim(),
    ...(aptNo ? { aptNo } : {}),
    city: input.city.trim(),
    zip: input.zip.trim(),
  };
}

/** The online payment of an order that passed the checkout rules, which offer no method without a provider. */
function paymentOf(call: DraftCall): DraftPayment {
  const { input, basket, paymentProvider } = call;
  if (paymentProvider === null) throw new Error(`no payment provider takes ${input.paymentMethod} here`);
  return {
    id: call.ids.payment,
    provider: paymentProvider,
    method: input.paymentMethod,
    amount: basket.summary.totalValue,
    currency: basket.currency,
  };
}

/**
 * The order a basket and a customer's input make, checked against every rule (form, then checkout problems in
 * the domain's order) and priced from the basket: no I/O, no clock and no randomness of its own.
 */
export function draftOrder(asked: DraftCall): OrderDraft {
  const pickup = asked.basket.deliveryMethod === 'pickup';
  // The basket's own coordinates are the customer's when the form keeps the basket's address.
  const kept = asked.basket.address;
  const sameAddress = kept && kept.zip.trim() === asked.input.zip?.trim();
  const point = {
    zip: asked.input.zip ?? null,
    lat: asked.input.lat ?? (sameAddress ? kept.lat : null) ?? null,
    lng: asked.input.lng ?? (sameAddress ? kept.lng : null) ?? null,
  };
  // Delivery costs what the zone holding the address the order names asks (decision 061), whichever address the
  // basket was priced for before.
  const call: DraftCall = pickup ? asked : { ...asked, basket: pricedAt(asked.basket, point) as OrderableBasket };
  const { basket, input, channel, actor, now } = call;
  const { restaurant, location, summary } = basket;
  const country = location.country;
  const online = isOnlinePayment(input.paymentMethod);

  const customer = customerOf(input, pickup, country);
  const invoice = input.invoice ? invoiceRequestOf(input.invoice, country) : null;
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  const scheduledFor = scheduledSlotOf(input.scheduledFor);
  const kitchen = basket.kitchen;
  const zone = restaurant.deliveryZones.find((z) => z.id === restaurant.deliveryZone?.zoneId);
  assertCheckout({
    restaurant: {
      id: restaurant.id,
      locationId: location.id,
      conceptId: restaurant.conceptId,
      isEnabled: restaurant.isEnabled,
      hours: restaurant.hours,
      timeZone: restaurant.timeZone,
      // The zone holding the address, or none: outside every zone is outside the delivery area.
      deliveryArea: zone ? { polygon: zone.polygon, zips: zone.zips } : null,
      sharedBaskets: basket.shared,
    },
    // Each other brand of a shared basket takes orders and delivers to the address for its own lines (issue 35).
    brands: basket.brands
      .filter((b) => b.restaurantId !== restaurant.id)
      .map((b) => {
        const own = b.terms.deliveryZones.find((z) => z.id === b.deliveryZone?.zoneId);
        return {
          id: b.restaurantId,
          isEnabled: b.isEnabled,
          hours: b.hours,
          timeZone: restaurant.timeZone,
          deliveryArea: own ? { polygon: own.polygon, zips: own.zips } : null,
        };
      }),
    items: basket.lines.map((l) => ({ ...l.kitchen, unavailable: l.unavailable })),
    summary,
    deliveryMethod: basket.deliveryMethod,
    address: point,
    // A code of another country than the kitchen's is not a code here, as when it is applied (discountCode).
    discount: basket.discount
      ? {
          exists: basket.discount.country === country,
          active: basket.discount.active,
          refusal: promotionRefusal(basket.discount.rules, {
            now: instant,
            timeZone: restaurant.timeZone,
            restaurant: { id: restaurant.id, conceptId: restaurant.conceptId },
            lines: promotionLines(basket.lines),
            customerUses: call.history?.uses ?? 0,
            customerOrders: call.history?.orders ?? 0,
          })?.key,
        }
      : null,
    payment: {
      method: input.paymentMethod,
      channel,
      country,
      blikCode: input.blikCode ?? null,
      googlePayToken: input.googlePayToken ?? null,
      offered: call.offered && (!online || call.paymentProvider !== null),
      hours: call.paymentHours,
    },
    consents: input.consents,
    preOrder:
      kitchen !== null && preOrderAllowed({ kitchen, restaurant, now: instant, scheduled: scheduledFor !== null }),
    now: instant,
  });
  const promise: OrderPromise | null = kitchen
    ? orderPromise({
        kitchen,
        restaurant,
        delivery: !pickup,
        load: call.load,
        items: basket.itemCount,
        now: instant,
        scheduledFor,
      })
    : null;
  const at = (i: Temporal.Instant | null | undefined) => (i ? new Date(i.epochMilliseconds) : null);

  const orderId = call.ids.order;
  const lang = input.lang ?? null;
  const order: OrderRecord = {
    id: orderId,
    basketId: basket.id,
    displayId: displayId(basket.id),
    status: online ? 'waiting_for_payment' : 'new',
    source: channel,
    deliveryType: basket.deliveryMethod,
    paymentMethod: input.paymentMethod,
    paymentType: online ? 'online' : input.paymentMethod === 'cashOnDelivery' ? 'cash' : 'card',
    restaurantId: restaurant.id,
    mixedBrands: basket.lines.some((line) => line.kitchen.restaurantId !== restaurant.id),
    // Staff ordering for a customer (the call centre) do not own the order: the caller's account does, if any.
    // A guest's basket has no user.
    userId: actor.kind === 'customer' ? actor.user.id : actor.kind === 'staff' ? actor.customerUserId : basket.userId,
    createdByUserId: actorUserId(actor),
    discountCodeId: basket.discount?.id ?? null,
    discount: basket.discount
      ? {
          code: basket.discount.code,
          type: basket.discount.type,
          value: basket.discount.value,
          country: basket.discount.country,
          orderDiscountValue: summary.discountValue,
        }
      : null,
    currency: basket.currency,
    value: summary.productsValue,
    deliveryCosts: summary.deliveryValue,
    discountValue: summary.discountValue,
    serviceFee: summary.serviceFee,
    extraFee: summary.extraFee,
    total: summary.totalValue,
    customer,
    comment: input.comment?.trim() ?? '',
    lang,
    consents: recordedConsents(input.consents),
    accessTokenHash: hashAccessToken(call.accessToken),
    idempotencyKey: call.idempotencyKey,
    requestHash: call.requestHash,
    // An online order reaches the restaurant, and its acceptance window starts, when it is paid.
    acceptDeadline: online ? null : new Date(now.getTime() + restaurant.acceptanceMinutes * 60_000),
    acceptedAt: null,
    preparationMinutes: null,
    scheduledFor: at(promise?.slot),
    promisedAt: at(promise?.readyAt),
    fireAt: at(promise?.fireAt),
    dueAt: at(promise?.dueAt),
    readyAt: null,
    finishedAt: null,
    rejectionReason: null,
    alarmAcknowledgedAt: null,
    escalatedAt: null,
    paidAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const code = basket.discount?.active ? basket.discount : null;
  const lines = basket.lines.map((line, i) => ({
    line: i,
    menuItemId: line.menuItemId,
    restaurantId: line.kitchen.restaurantId,
    discounted: code
      ? lineEligible(code.rules, promotionLine(line), { id: restaurant.id, conceptId: restaurant.conceptId })
      : true,
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    value: line.totalPrice,
    ...allergenColumnsOf(line.allergens),
  }));
  const mods = basket.lines.flatMap((line, i) =>
    line.options.map((o) => ({
      line: i,
      modifierOptionId: o.id,
      groupName: o.groupName,
      name: o.name,
      value: o.price,
    })),
  );
  return {
    order,
    lines,
    mods,
    payment: online ? paymentOf(call) : null,
    invoice,
    redemptions: basket.discount?.rules.oncePerCustomer
      ? customerKeys({ userId: order.userId, email: customer.email, phone: customer.phone })
      : [],
    audit: {
      at: now,
      actorUserId: order.createdByUserId,
      action: 'order.placed',
      entity: 'order',
      entityId: orderId,
      data: {
        source: channel,
        paymentMethod: input.paymentMethod,
        total: summary.totalValue,
        currency: basket.currency,
        ...actorAuditData(actor),
      },
    },
    email: online
      ? null
      : orderConfirmationEmail(call.config, {
          id: orderId,
          displayId: order.displayId,
          email: customer.email,
          currency: basket.currency,
          total: summary.totalValue,
          restaurantName: restaurant.name,
          conceptSlug: restaurant.conceptSlug,
          country,
          lang,
          seller: call.seller ?? null,
          items: basket.lines.map((line) => ({
            name: line.name,
            quantity: line.quantity,
            value: line.totalPrice,
            mods: line.options.map((o) => o.name),
            allergens: line.allergens,
            // A shared basket's lines are listed under their brands' names (issue 35).
            brand: {
              restaurantId: line.kitchen.restaurantId,
              name:
                basket.brands.find((b) => b.restaurantId === line.kitchen.restaurantId)?.conceptName ??
                restaurant.conceptName,
            },
          })),
          promise: promise ? { readyAt: new Date(promise.readyAt.epochMilliseconds), dueAt: at(promise.dueAt) } : null,
        }),
  };
}
