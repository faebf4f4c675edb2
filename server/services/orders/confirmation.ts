import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { locations, orderItemMods, orderItems, orders, restaurants } from '#db/schema/index.ts';
import { formatMoney, type Currency } from '#server/domain/money.ts';
import { stripEmoji } from '#server/domain/orders.ts';
import type { Env } from '#server/env.ts';
import { enqueueEmail, type OutgoingEmail } from '../outbox/enqueue.ts';
import { type Lang, LANGS, orderAccessToken, summaryPath } from './access-token.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export type ConfirmationData = {
  id: string;
  displayId: string;
  email: string;
  currency: string;
  total: number;
  restaurantName: string;
  country: string;
  /** The language the order was placed in; null when the caller named none. */
  lang: Lang | null;
  items: { name: string; quantity: number; value: number; mods: string[] }[];
};

const texts: Record<
  Lang,
  { subject: (id: string) => string; intro: (restaurant: string, id: string) => string; total: string; follow: string }
> = {
  pl: {
    subject: (id) => `Zamówienie ${id} przyjęte`,
    intro: (restaurant, id) => `Dziękujemy! ${restaurant} otrzymała Twoje zamówienie ${id}.`,
    total: 'Razem',
    follow: 'Status zamówienia',
  },
  en: {
    subject: (id) => `Order ${id} received`,
    intro: (restaurant, id) => `Thank you! ${restaurant} has received your order ${id}.`,
    total: 'Total',
    follow: 'Order status',
  },
  ua: {
    subject: (id) => `Замовлення ${id} прийнято`,
    intro: (restaurant, id) => `Дякуємо! ${restaurant} отримав ваше замовлення ${id}.`,
    total: 'Разом',
    follow: 'Статус замовлення',
  },
};

const isLang = (value: string | null): value is Lang => (LANGS as readonly (string | null)[]).includes(value);

/** The e-mail's language: the order's own, else the restaurant country's (Ukrainian in Ukraine, else Polish). */
export const confirmationLang = (order: Pick<ConfirmationData, 'lang' | 'country'>): Lang =>
  order.lang ?? (order.country === 'ua' ? 'ua' : 'pl');

/** The confirmation e-mail of an order, made from what the caller already holds. */
export function orderConfirmationEmail(env: Env, order: ConfirmationData): OutgoingEmail {
  const currency = order.currency as Currency;
  const lang = confirmationLang(order);
  const t = texts[lang];
  const link = new URL(
    summaryPath(lang, order.id, orderAccessToken(env.orderTokenSecret, order.id)),
    env.publicBaseUrl,
  ).toString();
  const lines = order.items.map((item) => {
    const extras = item.mods.map((m) => stripEmoji(m));
    const name = stripEmoji(item.name) + (extras.length ? ` (${extras.join(', ')})` : '');
    return { text: `${item.quantity} × ${name} — ${formatMoney(item.value, currency)}`, name };
  });
  const total = formatMoney(order.total, currency);
  const intro = t.intro(order.restaurantName, order.displayId);
  return {
    to: order.email,
    subject: t.subject(order.displayId),
    template: 'orderConfirmation',
    text: [intro, '', ...lines.map((l) => l.text), '', `${t.total}: ${total}`, '', `${t.follow}: ${link}`].join('\n'),
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l.text)}</li>`).join('')}</ul><p><strong>${t.total}: ${escapeHtml(total)}</strong></p><p><a href="${escapeHtml(link)}">${t.follow}</a></p>`,
  };
}

/**
 * Queues the order confirmation once the order has reached the restaurant (placed on delivery, or paid
 * online), in the transaction that got it there: no confirmation for an order that was rolled back.
 * Reads the order back; place-order, which holds it all already, queues orderConfirmationEmail directly.
 */
export async function enqueueOrderConfirmation(tx: Tx, env: Env, orderId: string): Promise<void> {
  const [order] = await tx
    .select({
      id: orders.id,
      displayId: orders.displayId,
      customer: orders.customer,
      currency: orders.currency,
      total: orders.total,
      deliveryType: orders.deliveryType,
      lang: orders.lang,
      restaurantName: restaurants.name,
      country: locations.country,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(orders.id, orderId));
  if (!order) return;
  const items = await tx
    .select({ id: orderItems.id, name: orderItems.name, quantity: orderItems.quantity, value: orderItems.value })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const mods = items.length
    ? await tx
        .select({ itemId: orderItemMods.orderItemId, name: orderItemMods.name })
        .from(orderItemMods)
        .where(
          inArray(
            orderItemMods.orderItemId,
            items.map((i) => i.id),
          ),
        )
    : [];
  await enqueueEmail(
    tx,
    orderConfirmationEmail(env, {
      id: order.id,
      displayId: order.displayId,
      email: order.customer.email,
      currency: order.currency,
      total: order.total,
      restaurantName: order.restaurantName,
      country: order.country,
      lang: isLang(order.lang) ? order.lang : null,
      items: items.map((i) => ({ ...i, mods: mods.filter((m) => m.itemId === i.id).map((m) => m.name) })),
    }),
  );
}
