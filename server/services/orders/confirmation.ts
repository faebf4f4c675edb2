import { asc, eq, sql } from 'drizzle-orm';
import { reusable } from '#db/reusable.ts';
import type { Tx } from '#db/client.ts';
import { concepts, locations, orderItemMods, orderItems, orders, restaurants } from '#db/schema/index.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import { stripEmoji } from '#domain/orders.ts';
import type { Env } from '#server/context.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';
import { loadTenants, readableOn, shopLogoPath } from '#tenants/index.ts';
import { enqueueEmail, type OutgoingEmail } from '../outbox/enqueue.ts';
import { type Lang, orderAccessToken, statusPath } from './access-token.ts';
import { isLocale } from '#domain/locales.ts';
import { orderLines } from './view.ts';
import { allergenInfoOf, type AllergenInfo } from '#domain/allergens.ts';
import { allergenSentences } from '#i18n/allergen-sentences.ts';
import { allergenTexts } from '#i18n/allergen-texts.ts';
import type { LegalEntity } from '#domain/invoice.ts';
import { timeZoneOf } from '#domain/country.ts';
import { countryOf } from '#domain/money.ts';
import { formatPromise } from '#domain/promise-time.ts';
import { brandsOfLines, linesByBrand, namesBrands } from '#domain/order-brands.ts';
import { orderLineBrands } from './line-brands.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export type ConfirmationData = {
  id: string;
  displayId: string;
  email: string;
  currency: string;
  total: number;
  restaurantName: string;
  /** The concept (brand) the restaurant belongs to: the e-mail takes its name, colour and logo from its tenant.json. */
  conceptSlug: string | null;
  country: string;
  /** The language the order was placed in; null when the caller named none. */
  lang: Lang | null;
  /** `allergens` as the line was ordered (issue 36); null when the restaurant gave none ("ask the restaurant"). */
  items: {
    name: string;
    quantity: number;
    value: number;
    mods: string[];
    allergens: AllergenInfo;
    /**
     * The brand that cooks it (issue 35): an order of several brands lists its lines under their names. Left out, the
     * lines are listed as one brand's.
     */
    brand?: { restaurantId: number; name: string };
  }[];
  /** The company selling under the brand (issue 36); left out when the operator has not named it. */
  seller?: LegalEntity | null;
  /** The kitchen's promise (issue 34): ready (pickup) or at the door (delivery), as stored on the order. */
  promise?: { readyAt: Date; dueAt: Date | null } | null;
};

/** "Ready for pickup around 12:30" / "Delivered around 13:00", on the restaurant's clock. */
function promiseLine(order: ConfirmationData, lang: Lang): string | null {
  if (!order.promise) return null;
  const timeZone = timeZoneOf(countryOf(order.country));
  const { dueAt, readyAt } = order.promise;
  const time = formatPromise((dueAt ?? readyAt).toISOString(), timeZone, lang);
  const options = { locale: messageLocale(lang) };
  return dueAt ? m.capacity_promise_due({ time }, options) : m.capacity_promise_ready({ time }, options);
}

export const isLang = (value: string | null): value is Lang => isLocale(value);

/** The e-mail's language: the order's own, else the restaurant country's (Ukrainian in Ukraine, else Polish). */
export const confirmationLang = (order: Pick<ConfirmationData, 'lang' | 'country'>): Lang =>
  order.lang ?? (order.country === 'ua' ? 'ua' : 'pl');

/** What an order e-mail shows of its brand; null keeps the shop's neutral look. */
export type EmailBrand = { name: string; primary: string; onPrimary: string; logoUrl: string };

/**
 * The brand of a concept as its tenant config describes it. A concept without a tenant folder (made by hand in the
 * database) has no colours to take, so its orders are mailed in the neutral look rather than failing.
 */
export function emailBrand(env: Env, conceptSlug: string | null): EmailBrand | null {
  const tenant = conceptSlug ? loadTenants().find((t) => t.slug === conceptSlug) : undefined;
  if (!tenant) return null;
  return {
    name: tenant.name,
    primary: tenant.theme.primary,
    onPrimary: readableOn(tenant.theme.primary),
    // Absolute, on the shop host: a mail client has no page to resolve a path against.
    logoUrl: new URL(shopLogoPath(tenant), env.publicBaseUrl).toString(),
  };
}

const NEUTRAL = { primary: '#111111', onPrimary: '#ffffff' };

/**
 * The HTML frame of an order e-mail. Many mail clients block images, so the brand's name is written out next to
 * its logo (the logo's alt text alone would vanish in some of them); inline styles only, as mail clients drop
 * <style>. The neutral look matches the account e-mails.
 */
export function orderHtml(
  brand: EmailBrand | null,
  body: string,
  action: { href: string; label: string },
  footer: string,
): string {
  const primary = escapeHtml((brand ?? NEUTRAL).primary);
  const onPrimary = (brand ?? NEUTRAL).onPrimary;
  const header = brand
    ? `<div style="background:${primary};color:${onPrimary};padding:16px 20px;border-radius:6px 6px 0 0"><img src="${escapeHtml(brand.logoUrl)}" alt="" height="32" style="height:32px;vertical-align:middle;margin-right:12px;border:0"><strong style="font-size:20px;vertical-align:middle;color:${onPrimary}">${escapeHtml(brand.name)}</strong></div>`
    : '';
  const button = `<p style="margin:0 0 16px"><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:12px 20px;background:${primary};color:${onPrimary};text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>`;
  const frame = brand ? `border:1px solid ${primary};border-top:0;border-radius:0 0 6px 6px;padding:20px` : '';
  return `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5"><div style="max-width:560px;margin:0 auto">${header}<div style="${frame}">${body}${button}${footer}</div></div></body></html>`;
}

/** The confirmation e-mail of an order, made from what the caller already holds, in the look of the order's brand. */
export function orderConfirmationEmail(env: Env, order: ConfirmationData): OutgoingEmail {
  const currency = order.currency as Currency;
  const lang = confirmationLang(order);
  const options = { locale: messageLocale(lang) };
  const brand = emailBrand(env, order.conceptSlug);
  const link = new URL(
    statusPath(lang, order.id, orderAccessToken(env.orderTokenSecret, order.id)),
    env.publicBaseUrl,
  ).toString();
  const allergenWords = allergenTexts(lang);
  const lines = order.items.map((item) => {
    const extras = item.mods.map((m) => stripEmoji(m));
    const name = stripEmoji(item.name) + (extras.length ? ` (${extras.join(', ')})` : '');
    return {
      restaurantId: item.brand?.restaurantId ?? 0,
      text: `${item.quantity} × ${name} — ${formatMoney(item.value, currency, lang)}`,
      name,
      allergens: allergenSentences(item.allergens, allergenWords).join(' '),
    };
  });
  const brands = brandsOfLines(
    order.items.flatMap((item) => item.brand ?? []),
    (brand) => brand,
  );
  // Under each brand's name only when several brands cook it; an ordinary order's list is as it always was.
  const sections = namesBrands(brands)
    ? linesByBrand(lines, brands).map((section) => ({ name: section.brand.name, lines: section.lines }))
    : [{ name: null, lines }];
  const total = formatMoney(order.total, currency, lang);
  const intro = m.email_orderIntro({ restaurant: order.restaurantName, id: order.displayId }, options);
  // Nothing is promised before the restaurant accepts: the next e-mail says whether it did.
  const waiting = m.email_orderWaiting({}, options);
  const promised = promiseLine(order, lang);
  const totalLabel = m.email_orderTotal({}, options);
  const follow = m.email_orderFollow({}, options);
  const signature = brand ? m.email_orderSignature({ brand: brand.name }, options) : null;
  const seller = order.seller ? sellerLine(order.seller, order.country, lang) : null;
  const p = (s: string) => `<p style="margin:0 0 16px">${s}</p>`;
  return {
    to: order.email,
    subject: m.email_orderSubject({ id: order.displayId }, options),
    template: 'orderConfirmation',
    text: [
      ...(brand ? [brand.name, ''] : []),
      intro,
      waiting,
      ...(promised ? [promised] : []),
      '',
      ...sections.flatMap((section) => [
        ...(section.name === null ? [] : [`${section.name}:`]),
        ...section.lines.map((l) => `${l.text}\n   ${l.allergens}`),
      ]),
      '',
      `${totalLabel}: ${total}`,
      '',
      `${follow}: ${link}`,
      ...(signature ? ['', signature] : []),
      ...(seller ? ['', seller] : []),
    ].join('\n'),
    html: orderHtml(
      brand,
      p(escapeHtml(intro)) +
        p(escapeHtml(waiting)) +
        (promised ? p(`<strong>${escapeHtml(promised)}</strong>`) : '') +
        sections
          .map(
            (section) =>
              (section.name === null
                ? ''
                : `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(section.name)}</p>`) +
              `<ul style="margin:0 0 16px;padding-left:20px">${section.lines.map((l) => `<li>${escapeHtml(l.text)}<br><small style="color:#444">${escapeHtml(l.allergens)}</small></li>`).join('')}</ul>`,
          )
          .join('') +
        p(`<strong>${escapeHtml(totalLabel)}: ${escapeHtml(total)}</strong>`),
      { href: link, label: follow },
      (signature ? p(escapeHtml(signature)) : '') +
        (seller ? `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(seller)}</p>` : ''),
    ),
  };
}

/** The seller as the confirmation names it: 'Sprzedawca: name, street, zip city, NIP …, KRS …'. */
function sellerLine(seller: LegalEntity, country: string, lang: Lang): string {
  const id = `${country === 'ua' ? 'ЄДРПОУ' : 'NIP'} ${seller.taxId}`;
  const title = m.seller_title({}, { locale: messageLocale(lang) });
  return `${title}: ${seller.name}, ${seller.street}, ${seller.zip} ${seller.city}, ${id}, ${seller.register}`;
}

// Every paid online order is confirmed through these: built once (decision 036).
const confirmedOrder = reusable((db) =>
  db
    .select({
      id: orders.id,
      displayId: orders.displayId,
      customer: orders.customer,
      currency: orders.currency,
      total: orders.total,
      deliveryType: orders.deliveryType,
      lang: orders.lang,
      promisedAt: orders.promisedAt,
      dueAt: orders.dueAt,
      restaurantName: restaurants.name,
      conceptSlug: concepts.slug,
      country: locations.country,
      seller: concepts.legalEntity,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(eq(orders.id, sql.placeholder('id'))),
);
const modsOf = reusable((db) =>
  db
    .select({ itemId: orderItemMods.orderItemId, name: orderItemMods.name })
    .from(orderItemMods)
    .innerJoin(orderItems, eq(orderItems.id, orderItemMods.orderItemId))
    .where(eq(orderItems.orderId, sql.placeholder('id')))
    .orderBy(asc(orderItemMods.id)),
);

/**
 * Queues the order confirmation once the order has reached the restaurant (placed on delivery, or paid
 * online), in the transaction that got it there: no confirmation for an order that was rolled back.
 * Reads the order back; place-order, which holds it all already, queues orderConfirmationEmail directly.
 */
export async function enqueueOrderConfirmation(tx: Tx, env: Env, orderId: string): Promise<void> {
  // Sent together: on PostgreSQL the three travel in one write and come back in one read.
  const [[order], items, mods, brands] = await Promise.all([
    confirmedOrder(tx, { id: orderId }),
    orderLines(tx, { id: orderId }),
    modsOf(tx, { id: orderId }),
    orderLineBrands(tx, { id: orderId }),
  ]);
  if (!order) return;
  await enqueueEmail(
    tx,
    orderConfirmationEmail(env, {
      id: order.id,
      displayId: order.displayId,
      email: order.customer.email,
      currency: order.currency,
      total: order.total,
      restaurantName: order.restaurantName,
      conceptSlug: order.conceptSlug,
      country: order.country,
      lang: isLang(order.lang) ? order.lang : null,
      seller: order.seller,
      items: items.map((i) => ({
        ...i,
        mods: mods.filter((m) => m.itemId === i.id).map((m) => m.name),
        allergens: allergenInfoOf(i),
        brand: brands.find((b) => b.itemId === i.id),
      })),
      promise: order.promisedAt ? { readyAt: order.promisedAt, dueAt: order.dueAt } : null,
    }),
  );
}
