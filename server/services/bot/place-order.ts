import { createHash } from 'node:crypto';
import type { AppDeps, BotKeyRef } from '#server/context.ts';
import type { DeliveryMethod } from '#domain/pricing.ts';
import { type BasketContent, buildBasket } from '../basket/build.ts';
import { type Lang, statusPath } from '../orders/access-token.ts';
import { placeOrder, type PlaceOrderInput } from '../orders/place.ts';
import type { OrderView } from '../orders/view.ts';

export type BotOrderItem = { menuItemId: number; quantity: number; optionIds?: number[] | undefined };

/** What a bot sends: the basket's content and delivery, then the same customer part as the shop's checkout. */
export type BotOrderInput = PlaceOrderInput & {
  items: BotOrderItem[];
  deliveryMethod: DeliveryMethod;
  discountCode?: string | undefined;
};

export type PlacedBotOrder = {
  order: OrderView;
  /** The customer's status page (absolute), which the bot hands to the customer. */
  statusUrl: string;
  /** The token GET /api/orders/{id}?token= and the status page follow the order with. */
  accessToken: string;
  /** Where the customer pays (fast transfer: the bank page); null when nothing is left to do there. */
  paymentUrl: string | null;
  replayed: boolean;
};

/**
 * A bot's Idempotency-Key belongs to its bot key: two bots (or a bot and a browser) may send the same one. Hashed,
 * so that a key of the web's full length still fits the orders' column with the scope in front.
 */
const scopedKey = (key: BotKeyRef, idempotencyKey: string) =>
  `bot:${key.id}:${createHash('sha256').update(idempotencyKey).digest('hex')}`;

/**
 * The basket a call orders has an id made from its scoped key and its content: a repeat of the call finds the basket
 * (ordered, so placing it answers the first order), and the same key with other content makes another basket, whose
 * order the key's earlier one refuses (idempotencyKeyReused).
 */
function basketIdOf(scoped: string, input: BotOrderInput): string {
  const content = {
    scoped,
    items: input.items.map((i) => [i.menuItemId, i.quantity, [...(i.optionIds ?? [])].sort((a, b) => a - b)]),
    deliveryMethod: input.deliveryMethod,
    address: [input.street, input.streetNo, input.aptNo, input.city, input.zip, input.lat, input.lng],
    discountCode: input.discountCode?.trim().toUpperCase() ?? null,
  };
  const hex = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  // A version 8 (custom) uuid: 122 bits of the hash, the version and variant bits set as RFC 9562 asks.
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The basket part of a bot's call, as the basket API would have been told it. */
function basketContentOf(input: BotOrderInput): BasketContent {
  const pickup = input.deliveryMethod === 'pickup';
  return {
    items: input.items.map((i) => ({ menuItemId: i.menuItemId, quantity: i.quantity, optionIds: i.optionIds ?? [] })),
    delivery: {
      deliveryMethod: input.deliveryMethod,
      address: pickup
        ? undefined
        : {
            street: input.street ?? '',
            streetNo: input.streetNo ?? '',
            ...(input.aptNo ? { aptNo: input.aptNo } : {}),
            city: input.city ?? '',
            zip: input.zip ?? '',
            ...(input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : {}),
          },
    },
    discountCode: input.discountCode ?? null,
  };
}

/**
 * Places an order for a bot (channel and source 'bot', the bot channel's payment rules, the key as the audit's
 * actor): its basket is built from the call, then ordered exactly as the shop's checkout orders a basket.
 */
export async function placeBotOrder(
  ctx: Pick<AppDeps, 'db' | 'env' | 'now' | 'payments'> & { key: BotKeyRef },
  call: { idempotencyKey: string; input: BotOrderInput; customerIp?: string | undefined },
): Promise<PlacedBotOrder> {
  const { key, ...deps } = ctx;
  const scoped = scopedKey(key, call.idempotencyKey);
  const basketId = basketIdOf(scoped, call.input);
  await buildBasket(deps, { basketId, content: basketContentOf(call.input) });
  const { items: _items, deliveryMethod: _method, discountCode: _code, ...input } = call.input;
  const placed = await placeOrder(
    { ...deps, actor: { kind: 'bot', key } },
    { basketId, channel: 'bot', idempotencyKey: scoped, input, customerIp: call.customerIp },
  );
  const lang: Lang = call.input.lang ?? 'pl';
  return {
    order: placed.order,
    statusUrl: new URL(statusPath(lang, placed.order.id, placed.accessToken), deps.env.publicBaseUrl).toString(),
    accessToken: placed.accessToken,
    paymentUrl: placed.redirectUrl,
    replayed: placed.replayed,
  };
}
