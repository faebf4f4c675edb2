import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { locations, orderItemMods, orderItems, orders, restaurants } from '#db/schema/index.ts';
import { formatMoney, type Currency } from '#server/domain/money.ts';
import { stripEmoji } from '#server/domain/orders.ts';
import type { Env } from '#server/env.ts';
import { messageLocale } from '#app/i18n/messages.ts';
import * as m from '#app/paraglide/messages.js';
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

const isLang = (value: string | null): value is Lang => (LANGS as readonly (string | null)[]).includes(value);

/** The e-mail's language: the order's own, else the restaurant country's (Ukrainian in Ukraine, else Polish). */
export const confirmationLang = (order: Pick<ConfirmationData, 'lang' | 'country'>): Lang =>
  order.lang ?? (order.country === 'ua' ? 'ua' : 'pl');

/** The confirmation e-mail of an order, made from what the caller already holds. */
export function orderConfirmationEmail(env: Env, order: ConfirmationData): OutgoingEmail {
  const currency = order.currency as Currency;
  const lang = confirmationLang(order);
  const options = { locale: messageLocale(lang) };
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
  const intro = m.email_orderIntro({ restaurant: order.restaurantName, id: order.displayId }, options);
  const totalLabel = m.email_orderTotal({}, options);
  const follow = m.email_orderFollow({}, options);
  return {
    to: order.email,
    subject: m.email_orderSubject({ id: order.displayId }, options),
    template: 'orderConfirmation',
    text: [intro, '', ...lines.map((l) => l.text), '', `${totalLabel}: ${total}`, '', `${follow}: ${link}`].join('\n'),
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l.text)}</li>`).join('')}</ul><p><strong>${escapeHtml(totalLabel)}: ${escapeHtml(total)}</strong></p><p><a href="${escapeHtml(link)}">${escapeHtml(follow)}</a></p>`,
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
