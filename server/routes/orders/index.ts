import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { localeType, paymentMethodType } from '#domain/list-types.ts';
import { isUuid } from '#domain/ids.ts';
import { AppError, notFound, unauthorized } from '#server/errors.ts';
import { clientIp } from '#server/middleware/rate-limit.ts';
import { requireRole } from '#server/middleware/session.ts';
import { selfActor } from '#server/services/actor.ts';
import { BASKET_COOKIE } from '#server/services/basket/priced.ts';
import { subscribeToOrder } from '#server/services/orders/events.ts';
import { placeOrder } from '#server/services/orders/place.ts';
import { invoiceFileName, orderInvoicePdf } from '#server/services/invoices/documents.ts';
import { retryPayment } from '#server/services/payments/retry.ts';
import { reorder } from '#server/services/orders/reorder.ts';
import { orderAccessToken } from '#server/services/orders/access-token.ts';
import { basketCookie, setBasketCookie } from '#server/middleware/basket-cookie.ts';
import {
  findPlacedByKey,
  findViewableOrder,
  listUserOrders,
  loadOrderView,
  loadViewableOrder,
  type OrderView,
} from '#server/services/orders/view.ts';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';
import { streamSnapshots } from '../snapshot-stream.ts';

const optional = (max: number) => `string <= ${max}` as const;

// Undeclared keys (prices, totals, items the client made up) are ignored: the server prices from the database.
export const placeOrderBody = type({
  'firstname?': optional(100),
  'lastname?': optional(100),
  'phone?': optional(40),
  'email?': optional(254),
  'street?': optional(200),
  'streetNo?': optional(20),
  'aptNo?': optional(20),
  'city?': optional(100),
  'zip?': optional(12),
  'lat?': '-90 <= number <= 90',
  'lng?': '-180 <= number <= 180',
  'comment?': optional(500),
  consents: {
    'agree1?': 'boolean',
    'agree2?': 'boolean',
    'providerTerms?': 'boolean',
    'orderWithObligation?': 'boolean',
    'marketingSms?': 'boolean',
    'marketingEmail?': 'boolean',
  },
  paymentMethod: paymentMethodType,
  'blikCode?': optional(20),
  'googlePayToken?': optional(4096),
  'lang?': localeType,
  // A company invoice (issue 36): Poland only; the NIP passes its check digit (invalidNip).
  'invoice?': {
    'companyName?': optional(200),
    'nip?': optional(20),
    'street?': optional(200),
    'zip?': optional(12),
    'city?': optional(100),
  },
  // The slot chosen from the schedule offered (GET /api/basket/schedule); left out: as soon as possible.
  'scheduledFor?': 'string <= 40 | null',
});
const retryPaymentBody = type({
  method: paymentMethodType,
  'blikCode?': optional(20),
  'googlePayToken?': optional(4096),
  'consents?': { 'providerTerms?': 'boolean' },
  'lang?': localeType,
});
const idParam = type({ id: '0 < string <= 64' });
const tokenQuery = type({ 'token?': '0 < string <= 128' });
const pageQuery = type({ 'page?': type('string.integer.parse').to('1 <= number.integer <= 1000') });

const tags = ['orders'];
const MY_ORDERS_PAGE = 20;

/** Whether the caller may see the order (its token, or the session of its customer); 404 otherwise. */
async function viewable(c: { var: AppEnv['Variables'] }, id: string, token: string | undefined): Promise<string> {
  const found = await findViewableOrder({ db: c.var.deps.db, actor: selfActor(c.var.user) }, { orderId: id, token });
  if (!found) throw notFound();
  return found.id;
}

// What the summary page reacts to; acceptSecondsLeft ticks on the client, so it does not count as a change.
const changeKey = (view: OrderView) => `${view.status}|${view.payment?.status ?? ''}|${view.refund?.status ?? ''}`;

export const ordersRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describeRoute({
      tags,
      summary: 'Place an order from the visitor’s basket (channel web)',
      security: security.placeOrder,
      description:
        'Header Idempotency-Key (1–100 characters) is required: a repeat with the same body answers the same order; with another body, 409 idempotencyKeyReused. Prices are taken from the database; prices sent by the client are ignored. The answer carries the access token a guest follows the order with.',
      responses: {
        201: jsonResponse('{ order, accessToken, redirectUrl (fast transfer: the bank page), replayed }'),
        400: errorResponse(
          'idempotencyKeyRequired, basketEmpty, validation (details: field → rule), invalidNip, invoiceUnavailable, restaurantClosed, productUnavailable, minBasketValueError, addressOutOfRestaurantsDeliveryArea, discountCode, discountNotActive, discountNotYetValid, discountExpired, discountNotHere, discountNoEligibleItems, discountBelowMinimum, discountFirstOrderOnly, discountAlreadyUsed, paymentMethodUnavailable, blikCode, blikCodeMustBeNumber, consentRequired (details.missing)',
        ),
        409: errorResponse(
          'idempotencyKeyReused, basketAlreadyOrdered, restaurantLocation, mishmashedLocations, kitchenPaused, slotUnavailable',
        ),
      },
    }),
    async (c, next) => {
      const key = c.req.header('idempotency-key');
      if (!key || key.length > 100) throw new AppError('idempotencyKeyRequired');
      await next();
    },
    validate('json', placeOrderBody),
    async (c) => {
      const body = c.req.valid('json');
      const placed = await placeOrder(
        { ...c.var.deps, actor: selfActor(c.var.user) },
        {
          basketId: getCookie(c, BASKET_COOKIE) ?? null,
          channel: 'web',
          idempotencyKey: c.req.header('idempotency-key') ?? '',
          input: body,
          // PayU asks for the buyer's address with every order.
          customerIp: clientIp(c),
        },
      );
      return c.json(placed, 201);
    },
  )
  .get(
    '/placed',
    describeRoute({
      tags,
      summary: 'The order placed under an Idempotency-Key, for a checkout that lost the answer',
      security: security.placeOrder,
      description:
        'Header Idempotency-Key: the key a POST /api/orders was sent with. Answers that order’s id and access token when the caller holds the order’s basket (its cookie) or is its logged-in customer; the checkout asks after a reload found its basket already ordered.',
      responses: {
        200: jsonResponse('{ orderId, accessToken }'),
        400: errorResponse('idempotencyKeyRequired'),
        404: errorResponse('notFound: no order under the key, or not this visitor’s'),
      },
    }),
    async (c) => {
      const key = c.req.header('idempotency-key');
      if (!key || key.length > 100) throw new AppError('idempotencyKeyRequired');
      const cookie = getCookie(c, BASKET_COOKIE) ?? null;
      const found = await findPlacedByKey(
        { db: c.var.deps.db, actor: selfActor(c.var.user) },
        { key, basketId: cookie && isUuid(cookie) ? cookie : null },
      );
      if (!found) throw notFound();
      return c.json(
        { orderId: found.id, accessToken: orderAccessToken(c.var.deps.env.orderTokenSecret, found.id) },
        200,
      );
    },
  )
  .post(
    '/:id/payments',
    describeRoute({
      tags,
      summary: 'Pay again for an order whose payment failed or was canceled, or switch it to payment on delivery',
      security: security.order,
      description:
        'For an order still waiting_for_payment whose last payment failed or was canceled, or whose fast transfer waits at the bank page the customer left, within its 15 minutes. An online method starts a new payment of the same amount (answered like placing an order: the order, and redirectUrl for a fast transfer); cash or card on delivery, where the channel offers it, sends the order to the restaurant (new). Header Idempotency-Key (1–100 characters) is required: a repeat with the same method answers the same attempt; with another method, 409 idempotencyKeyReused. consents.providerTerms is needed when the order was placed without it and the method asks for it.',
      responses: {
        201: jsonResponse('{ order, redirectUrl (fast transfer: the bank page), replayed }'),
        400: errorResponse(
          'idempotencyKeyRequired, validation (details: field → rule), paymentMethodUnavailable, blikCode, blikCodeMustBeNumber, consentRequired (details.missing)',
        ),
        404: errorResponse('notFound: no such order, or neither its token nor its customer’s session'),
        409: errorResponse(
          'orderNotAwaitingPayment (paid, on delivery, canceled or past its payment time), paymentInProgress (a Blik approval or a payment being started is still pending; a bank transfer waiting at its bank page is not: the customer may pay another way), idempotencyKeyReused',
        ),
      },
    }),
    validate('param', idParam),
    validate('query', tokenQuery),
    async (c, next) => {
      // Authorised before the key is asked for: a stranger learns nothing, not even that a key is missing.
      await viewable(c, c.req.valid('param').id, c.req.valid('query').token);
      const key = c.req.header('idempotency-key');
      if (!key || key.length > 100) throw new AppError('idempotencyKeyRequired');
      await next();
    },
    validate('json', retryPaymentBody),
    async (c) => {
      // The customer (or the guest holding the order's link) retrying their own payment.
      const retried = await retryPayment(
        { ...c.var.deps, actor: selfActor(c.var.user) },
        {
          orderId: c.req.valid('param').id,
          channel: 'web',
          // Checked by the middleware above: present and at most 100 characters.
          idempotencyKey: c.req.header('idempotency-key') ?? '',
          input: c.req.valid('json'),
          customerIp: clientIp(c),
        },
      );
      return c.json(retried, 201);
    },
  )
  .post(
    '/:id/reorder',
    describeRoute({
      tags,
      summary: 'Order again: the visitor’s basket gets the order’s items and options, priced from the menu now',
      security: security.order,
      description:
        'Replaces what the visitor’s basket held (so a repeat changes nothing) with the order’s lines: same items, options and quantities. Answers the basket priced from the database, `missing` (lines that could not go in: removed, unavailable, or optionsChanged when the item’s options no longer fit) and `changed` (lines whose unit price is different now: before and after, in minor units, with the currency). When no line can go in, the basket is left as it was.',
      responses: {
        200: jsonResponse(
          '{ basket, missing: [{ name, quantity, reason }], changed: [{ name, quantity, before, after, currency }] }',
        ),
        404: errorResponse('notFound: no such order, or neither its token nor its customer’s session'),
        409: errorResponse('reorderUnavailable: none of the order’s items can be ordered now (details.missing)'),
      },
    }),
    validate('param', idParam),
    validate('query', tokenQuery),
    async (c) => {
      const id = await viewable(c, c.req.valid('param').id, c.req.valid('query').token);
      const reordered = await reorder(c.var.deps, {
        orderId: id,
        owner: { cookieId: basketCookie(c), userId: c.var.user?.id ?? null },
      });
      setBasketCookie(c, reordered.basket.id);
      return c.json(reordered, 200);
    },
  )
  .get(
    '/:id',
    describeRoute({
      tags,
      summary: 'An order’s status, items, totals and deadlines (the summary page’s refresh)',
      security: security.order,
      responses: {
        200: jsonResponse(
          '{ order } (its items each with restaurantId and brand; brands: the brands cooking it in the lines’ order, several for a basket shared across a kitchen’s brands)',
        ),
        404: errorResponse('notFound: no such order, or neither its token nor its customer’s session'),
      },
    }),
    validate('param', idParam),
    validate('query', tokenQuery),
    async (c) => {
      const order = await loadViewableOrder(
        { ...c.var.deps, actor: selfActor(c.var.user) },
        { orderId: c.req.valid('param').id, token: c.req.valid('query').token },
      );
      if (!order) throw notFound();
      return c.json({ order }, 200);
    },
  )
  .get(
    '/:id/invoice',
    describeRoute({
      tags,
      summary: 'The company invoice of a finished order, as a PDF (issue 36)',
      security: security.order,
      description:
        'For an order placed with an invoice request (Poland), once it is finished: the invoice numbered in its seller’s series, in the order’s language (or `lang`).',
      responses: {
        200: { description: 'application/pdf' },
        404: errorResponse('notFound: no such order, not the caller’s, or no invoice asked for'),
        409: errorResponse('invoiceNotReady: asked for, issued when the order is finished'),
      },
    }),
    validate('param', idParam),
    validate('query', type({ 'token?': '0 < string <= 128', 'lang?': localeType })),
    async (c) => {
      const { token, lang } = c.req.valid('query');
      const id = await viewable(c, c.req.valid('param').id, token);
      const { number, pdf } = await orderInvoicePdf(
        { ...c.var.deps, actor: selfActor(c.var.user) },
        { orderId: id, lang },
      );
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${invoiceFileName(number)}.pdf"`,
        'cache-control': 'private, no-store',
      });
    },
  )
  .get(
    '/:id/events',
    describeRoute({
      tags,
      summary: 'Server-Sent Events: the order view on connect and after every status change (event "status")',
      security: security.order,
      responses: {
        200: { description: 'text/event-stream' },
        404: errorResponse('notFound'),
      },
    }),
    validate('param', idParam),
    validate('query', tokenQuery),
    async (c) => {
      const id = await viewable(c, c.req.valid('param').id, c.req.valid('query').token);
      return streamSnapshots(c, {
        event: 'status',
        load: () => loadOrderView(c.var.deps, { orderId: id }),
        key: changeKey,
        subscribe: (database, wake) => subscribeToOrder(database, id, wake),
      });
    },
  );

export const myOrdersRoutes = new Hono<AppEnv>().get(
  '/',
  describeRoute({
    tags,
    summary: 'The logged-in customer’s orders, newest first (20 per page)',
    description:
      'Each order carries its accessToken, the one its confirmation e-mail links with, so the status page’s address is the same from both.',
    security: security.session,
    responses: { 200: jsonResponse('{ orders (each with accessToken), page }'), 401: errorResponse('Unauthorized') },
  }),
  requireRole(),
  validate('query', pageQuery),
  async (c) => {
    const page = c.req.valid('query').page ?? 1;
    const user = c.var.user;
    if (!user) throw unauthorized();
    const views = await listUserOrders(c.var.deps, {
      userId: user.id,
      limit: MY_ORDERS_PAGE,
      offset: (page - 1) * MY_ORDERS_PAGE,
    });
    const secret = c.var.deps.env.orderTokenSecret;
    const orders = views.map((view) => ({ ...view, accessToken: orderAccessToken(secret, view.id) }));
    return c.json({ orders, page }, 200);
  },
);
