import { eq, sql } from 'drizzle-orm';
import { reusable } from '#db/reusable.ts';
import type { Db, Tx } from '#db/client.ts';
import { concepts, locations, orders, restaurants } from '#db/schema/index.ts';
import { isCountry, timeZoneOf } from '#domain/country.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import { cancelCauseOf, type OrderEmailTemplate } from '#domain/order-emails.ts';
import type { Env } from '#server/context.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';
import { enqueueEmail, type OutgoingEmail } from '../outbox/enqueue.ts';
import { type Lang, orderAccessToken, statusPath } from './access-token.ts';
import { confirmationLang, emailBrand, escapeHtml, isLang, orderHtml } from './confirmation.ts';
import { brandNames, brandsOfLines, namesBrands } from '#domain/order-brands.ts';
import { orderLineBrands } from './line-brands.ts';

/** What one of these e-mails says beyond the order itself. */
type StatusEmailEvent =
  | { template: 'orderAccepted' | 'orderReadyForPickup' | 'orderOnItsWay' | 'orderStatusLink' }
  /** `refunded`: a refund of the order's payment is queued (it was paid online). */
  | { template: 'orderRejected'; refunded: boolean }
  | { template: 'orderCanceled'; reason: string; refunded: boolean }
  | { template: 'orderRefunded'; amount: number };

// Every status e-mail reads its order through it: built once (decision 036).
const orderToTell = reusable((db) =>
  db
    .select({
      id: orders.id,
      displayId: orders.displayId,
      customer: orders.customer,
      currency: orders.currency,
      lang: orders.lang,
      deliveryType: orders.deliveryType,
      rejectionReason: orders.rejectionReason,
      acceptedAt: orders.acceptedAt,
      preparationMinutes: orders.preparationMinutes,
      restaurantName: restaurants.name,
      conceptSlug: concepts.slug,
      country: locations.country,
      street: locations.street,
      streetNo: locations.no,
      zip: locations.zip,
      city: locations.city,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(eq(orders.id, sql.placeholder('id'))),
);

type OrderToTell = Awaited<ReturnType<typeof orderToTell>>[number];

const INTL_LOCALE = { pl: 'pl-PL', en: 'en-GB', ua: 'uk-UA' } as const satisfies Record<Lang, string>;

/** A moment as the restaurant's wall clock shows it (its country's time zone), in the e-mail's language. */
function restaurantClock(at: Date, country: string, lang: Lang): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], {
    timeStyle: 'short',
    timeZone: isCountry(country) ? timeZoneOf(country) : undefined,
  }).format(at);
}

const REJECTION_REASON = {
  soldOut: m.email_statusRejectedReason_soldOut,
  tooBusy: m.email_statusRejectedReason_tooBusy,
  closed: m.email_statusRejectedReason_closed,
  other: m.email_statusRejectedReason_other,
} as const;

const CANCEL_CAUSE = {
  paymentTimeout: m.email_statusCanceledCause_paymentTimeout,
  restaurant: m.email_statusCanceledCause_restaurant,
  customerService: m.email_statusCanceledCause_customerService,
  other: m.email_statusCanceledCause_other,
} as const;

/** The refund promise of the restaurant's country (design.md: pl a few working days, ua 48 hours). */
const refundPromise = (country: string, options: { locale: ReturnType<typeof messageLocale> }) =>
  country === 'ua' ? m.status_refund_ua({}, options) : m.status_refund_pl({}, options);

/** Subject and paragraphs of one e-mail, in its language. */
function wording(order: OrderToTell, event: StatusEmailEvent, lang: Lang): { subject: string; paragraphs: string[] } {
  const options = { locale: messageLocale(lang) };
  const id = order.displayId;
  const restaurant = order.restaurantName;
  const address = `${order.street} ${order.streetNo}, ${order.zip} ${order.city}`;
  switch (event.template) {
    case 'orderAccepted': {
      const readyAt =
        order.acceptedAt && order.preparationMinutes
          ? restaurantClock(
              new Date(order.acceptedAt.getTime() + order.preparationMinutes * 60_000),
              order.country,
              lang,
            )
          : null;
      return {
        subject: m.email_statusAcceptedSubject({ id }, options),
        paragraphs: [
          m.email_statusAcceptedBody({ restaurant, id }, options),
          ...(readyAt === null
            ? []
            : order.deliveryType === 'pickup'
              ? [m.email_statusPickupAround({ time: readyAt, address }, options)]
              : [m.email_statusReadyAround({ time: readyAt }, options)]),
        ],
      };
    }
    case 'orderReadyForPickup':
      return {
        subject: m.email_statusReadySubject({ id }, options),
        paragraphs: [m.email_statusReadyBody({ id, restaurant, address }, options)],
      };
    case 'orderOnItsWay':
      return {
        subject: m.email_statusOnItsWaySubject({ id }, options),
        paragraphs: [m.email_statusOnItsWayBody({ restaurant, id }, options)],
      };
    case 'orderRejected': {
      const reason = order.rejectionReason;
      const because =
        reason !== null && reason in REJECTION_REASON
          ? REJECTION_REASON[reason as keyof typeof REJECTION_REASON]({}, options)
          : // Null: nobody at the restaurant accepted it before the acceptance window closed.
            m.email_statusRejectedReason_timeout({}, options);
      return {
        subject: m.email_statusRejectedSubject({ id }, options),
        paragraphs: [
          m.email_statusRejectedBody({ restaurant, id }, options),
          m.email_statusRejectedReason({ reason: because }, options),
          ...(event.refunded ? [refundPromise(order.country, options)] : []),
        ],
      };
    }
    case 'orderCanceled':
      return {
        subject: m.email_statusCanceledSubject({ id }, options),
        paragraphs: [
          m.email_statusCanceledBody({ id, restaurant }, options),
          CANCEL_CAUSE[cancelCauseOf(event.reason)]({}, options),
          ...(event.refunded ? [refundPromise(order.country, options)] : []),
        ],
      };
    case 'orderRefunded':
      return {
        subject: m.email_statusRefundedSubject({ id }, options),
        paragraphs: [
          m.email_statusRefundedBody(
            { amount: formatMoney(event.amount, order.currency as Currency, lang), id },
            options,
          ),
          m.email_statusRefundedNote({}, options),
        ],
      };
    case 'orderStatusLink':
      return {
        subject: m.email_statusLinkSubject({ id }, options),
        paragraphs: [m.email_statusLinkBody({ id, restaurant }, options)],
      };
  }
}

/**
 * One e-mail to the order's customer, in the order's language (else its restaurant country's), in the look of its
 * brand, with the link to its status page. The link carries the order's access token, which is derived from the
 * order id and the server's secret (access-token.ts), so any later e-mail can carry the same token the confirmation did.
 */
function statusEmail(
  env: Env,
  order: OrderToTell,
  event: StatusEmailEvent,
  brands: readonly { name: string }[],
): OutgoingEmail {
  const lang = confirmationLang({ lang: isLang(order.lang) ? order.lang : null, country: order.country });
  const options = { locale: messageLocale(lang) };
  const brand = emailBrand(env, order.conceptSlug);
  const link = new URL(
    statusPath(lang, order.id, orderAccessToken(env.orderTokenSecret, order.id)),
    env.publicBaseUrl,
  ).toString();
  const { subject, paragraphs: said } = wording(order, event, lang);
  // An order several brands at one kitchen cook (issue 35) names them all under what happened to it.
  const paragraphs = namesBrands(brands)
    ? [
        ...said.slice(0, 1),
        m.email_orderBrands({ brands: brandNames(brands.map((b) => ({ conceptName: b.name }))) }, options),
        ...said.slice(1),
      ]
    : said;
  const follow = m.email_orderFollow({}, options);
  const signature = brand ? m.email_orderSignature({ brand: brand.name }, options) : null;
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  return {
    to: order.customer.email,
    subject,
    template: event.template satisfies OrderEmailTemplate,
    text: [
      ...(brand ? [brand.name, ''] : []),
      ...paragraphs,
      '',
      `${follow}: ${link}`,
      ...(signature ? ['', signature] : []),
    ].join('\n'),
    html: orderHtml(brand, paragraphs.map(p).join(''), { href: link, label: follow }, signature ? p(signature) : ''),
  };
}

/**
 * Queues the e-mail in the caller's transaction: it exists exactly when the change it reports was committed, and
 * the outbox delivers it (with retries) afterwards.
 */
export async function enqueueStatusEmail(
  tx: Db | Tx,
  env: Env,
  orderId: string,
  event: StatusEmailEvent,
): Promise<void> {
  const [[order], lines] = await Promise.all([orderToTell(tx, { id: orderId }), orderLineBrands(tx, { id: orderId })]);
  if (!order) return;
  await enqueueEmail(
    tx,
    statusEmail(
      env,
      order,
      event,
      brandsOfLines(lines, (line) => line),
    ),
  );
}
