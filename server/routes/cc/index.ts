import { Hono, type Context } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { signedInUser } from '#server/middleware/session.ts';
import { staffActor } from '#server/services/actor.ts';
import { addItem } from '#server/services/basket/add-item.ts';
import { applyDiscount } from '#server/services/basket/apply-discount.ts';
import { clearBasket } from '#server/services/basket/clear.ts';
import { removeDiscount } from '#server/services/basket/remove-discount.ts';
import { setDelivery } from '#server/services/basket/set-delivery.ts';
import { setQuantity } from '#server/services/basket/set-quantity.ts';
import { changeBasket, type BasketChange } from '#server/services/basket/write.ts';
import { createStaffBasket } from '#server/services/cc/create-basket.ts';
import { findCustomer } from '#server/services/cc/find-customer.ts';
import { getStaffBasket } from '#server/services/cc/get-basket.ts';
import { placePhoneOrder } from '#server/services/cc/place-phone-order.ts';
import { searchOrders } from '#server/services/cc/search-orders.ts';
import { loadFollowUpOrder } from '#server/services/cc/follow-up-order.ts';
import { resendStatusLink } from '#server/services/cc/resend-status-link.ts';
import { cancelForCustomer } from '#server/services/cc/cancel-order.ts';
import { isUuid } from '#domain/ids.ts';
import { FOLLOW_UP_DAYS } from '#domain/order-search.ts';
import { rateLimit } from '#server/middleware/rate-limit.ts';
import { searchRestaurants } from '#server/services/cc/search-restaurants.ts';
import { basketSchedule } from '#server/services/capacity/schedule.ts';
import { addItemBody, deliveryBody, discountBody, itemParam, quantityBody } from '../basket/index.ts';
import { placeOrderBody } from '../orders/index.ts';
import { ccEscalationRoutes } from './escalations.ts';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';

const phoneBody = type({ phone: '1 <= string <= 40' });
const searchQuery = type({
  'q?': 'string <= 100',
  // The brands cooked at one kitchen (a shared basket's other brands, issue 35).
  'locationId?': type('string.integer.parse').to('0 < number.integer < 2147483648'),
});
const basketParam = type({ basketId: 'string.uuid' });
const lineParam = basketParam.and(itemParam);
const phoneOrderBody = placeOrderBody.and({ 'customerUserId?': 'string.uuid | null' });
const orderSearchBody = type({ query: 'string <= 200' });
const orderParam = type({ id: 'string <= 100' });

/** The order a follow-up call names by its path, as the agent's session sees it; 404 for any other. */
const agentOf = (c: Context<AppEnv>) => staffActor(signedInUser(c), null);
const followUpOrderId = (id: string) => {
  if (!isUuid(id)) throw notFound();
  return id;
};
const notFollowed = errorResponse(`notFound: no such order placed in the last ${FOLLOW_UP_DAYS} days`);

const tags = ['call centre'];
/** Every call here is behind requireRole('callCenter', 'admin') (server/routes/index.ts): 401 for anyone else. */
const staffOnly = errorResponse('Unauthorized: not signed in as callCenter or admin');
const notTheirs = errorResponse('notFound: no collecting basket this staff member built');

const basketAnswer = (summary: string, ...errors: [status: number, keys: string][]) =>
  describeRoute({
    tags,
    summary,
    security: security.session,
    responses: {
      200: jsonResponse('The basket, priced on the server from database prices'),
      401: staffOnly,
      404: notTheirs,
      ...Object.fromEntries(errors.map(([status, keys]) => [status, errorResponse(keys)])),
    },
  });

/** Applies a change to a basket the signed-in agent built, and answers it re-priced; 404 for any other basket. */
async function change(c: Context<AppEnv>, basketId: string, fn: BasketChange) {
  const { db, now } = c.var.deps;
  const basket = await changeBasket({ db, now }, { owner: { basketId, staffUserId: signedInUser(c).id }, change: fn });
  if (!basket) throw notFound();
  return c.json(basket, 200);
}

/**
 * The call centre's new-order screen (issue 16): find the caller by phone, search restaurants, build a basket for
 * the caller (owned by the agent building it, apart from the agent's own shop basket) and place the order with
 * source cc. Menus come from the public GET /api/restaurants/{idOrSlug}; payment methods from
 * GET /api/payment-methods?channel=cc.
 */
export const ccRoutes = new Hono<AppEnv>()
  // A POST, not GET ?phone=: a caller's number stays out of URLs, and so out of access logs and proxies' caches.
  .post(
    '/customers/search',
    describeRoute({
      tags,
      summary:
        'Find a caller by phone: accounts with the number, their addresses, and the latest orders placed with it',
      security: security.session,
      description:
        'Body { phone } however typed (spaces, hyphens, parentheses, a +48 or +380 prefix): matched on its last nine digits.',
      responses: {
        200: jsonResponse(
          '{ accounts: [{ id, firstname, lastname, email, phone, addresses }], orders: [{ id, displayId, status, source, createdAt, restaurant, country, currency, total, customer, userId }], addresses: [{ street, streetNo, aptNo, city, zip, country }] }',
        ),
        400: errorResponse('validation (details: { phone: isValidPhoneNo } when fewer than nine digits)'),
        401: staffOnly,
      },
    }),
    validate('json', phoneBody),
    async (c) => c.json(await findCustomer(c.var.deps, { phone: c.req.valid('json').phone }), 200),
  )
  .get(
    '/restaurants',
    describeRoute({
      tags,
      summary: 'Restaurants by a part of their name, their brand’s or their city’s, or of a slug (all when q is empty)',
      description:
        'locationId keeps those cooked at one location: the brands whose dishes may join a basket there when the location shares baskets (location.sharedBaskets).',
      security: security.session,
      responses: {
        200: jsonResponse('{ restaurants: [{ id, slug, name, concept, location, currency, state, … }] }'),
        400: errorResponse('validation'),
        401: staffOnly,
      },
    }),
    validate('query', searchQuery),
    async (c) => {
      const { q, locationId } = c.req.valid('query');
      const restaurants = await searchRestaurants(c.var.deps, { query: q ?? '', locationId });
      return c.json({ restaurants }, 200);
    },
  )
  .post(
    '/baskets',
    describeRoute({
      tags,
      summary: 'Start a basket for the caller on the line, built by the signed-in staff member',
      security: security.session,
      responses: { 201: jsonResponse('The new, empty basket (its id names it in the calls below)'), 401: staffOnly },
    }),
    async (c) => {
      const basket = await createStaffBasket({ ...c.var.deps, actor: staffActor(signedInUser(c), null) });
      return c.json(basket, 201);
    },
  )
  .get(
    '/baskets/:basketId',
    basketAnswer('A basket this staff member is building, priced now'),
    validate('param', basketParam),
    async (c) => {
      const actor = staffActor(signedInUser(c), null);
      return c.json(await getStaffBasket({ ...c.var.deps, actor }, { basketId: c.req.valid('param').basketId }), 200);
    },
  )
  .get(
    '/baskets/:basketId/schedule',
    basketAnswer(
      'When the basket’s order can be ready: the ASAP promise and the slots the caller may choose (as GET /api/basket/schedule)',
    ),
    validate('param', basketParam),
    async (c) => {
      const actor = staffActor(signedInUser(c), null);
      const basket = await getStaffBasket({ ...c.var.deps, actor }, { basketId: c.req.valid('param').basketId });
      return c.json({ schedule: await basketSchedule(c.var.deps, basket) }, 200);
    },
  )
  .post(
    '/baskets/:basketId/items',
    basketAnswer(
      'Add a menu item with its chosen options',
      [400, 'validation, requiredOptions, productUnavailable, restaurantClosed (details.nextOpening)'],
      [409, 'restaurantLocation, mishmashedLocations'],
    ),
    validate('param', basketParam),
    validate('json', addItemBody),
    (c) => {
      const input = c.req.valid('json');
      return change(
        c,
        c.req.valid('param').basketId,
        addItem(
          { menuItemId: input.menuItemId, quantity: input.quantity, optionIds: input.optionIds ?? [] },
          c.var.deps.now(),
        ),
      );
    },
  )
  .patch(
    '/baskets/:basketId/items/:itemId',
    basketAnswer('Change a line’s quantity (0 removes it)', [400, 'validation']),
    validate('param', lineParam),
    validate('json', quantityBody),
    (c) => {
      const { basketId, itemId } = c.req.valid('param');
      return change(c, basketId, setQuantity(itemId, c.req.valid('json').quantity));
    },
  )
  .delete(
    '/baskets/:basketId/items',
    basketAnswer('Empty the basket (to order from another restaurant)'),
    validate('param', basketParam),
    (c) => change(c, c.req.valid('param').basketId, clearBasket),
  )
  .put(
    '/baskets/:basketId/delivery',
    basketAnswer(
      'Set the delivery method, country and address (zip checked with the country’s rules)',
      [400, 'validation'],
      [409, 'restaurantLocation'],
    ),
    validate('param', basketParam),
    validate('json', deliveryBody),
    (c) => change(c, c.req.valid('param').basketId, setDelivery(c.req.valid('json'))),
  )
  .post(
    '/baskets/:basketId/discount',
    basketAnswer('Apply a discount code the caller gives', [
      400,
      'validation, discountCode, discountNotActive, discountNotYetValid, discountExpired, discountNotHere, discountNoEligibleItems, discountBelowMinimum, discountFirstOrderOnly, discountAlreadyUsed',
    ]),
    validate('param', basketParam),
    validate('json', discountBody),
    (c) => change(c, c.req.valid('param').basketId, applyDiscount(c.req.valid('json').code, c.var.deps.now())),
  )
  .delete(
    '/baskets/:basketId/discount',
    basketAnswer('Remove the discount code'),
    validate('param', basketParam),
    (c) => change(c, c.req.valid('param').basketId, removeDiscount),
  )
  .post(
    '/orders/search',
    describeRoute({
      tags,
      summary: `Find a caller's orders of the last ${FOLLOW_UP_DAYS} days by phone, e-mail or order number`,
      security: security.session,
      description:
        'POST, so that the phone number or e-mail address (personal data) never stands in a URL or an access log. query: a phone number however typed (its last nine digits match), an e-mail address (any case), or the 5-character order number (a # in front allowed). Newest first, at most 20.',
      responses: {
        200: jsonResponse(
          '{ orders: [{ id, displayId, status, createdAt, restaurant: { slug, name }, country, customerName, currency, total }] }',
        ),
        400: errorResponse('orderSearchQuery: neither a phone number, an e-mail address nor an order number'),
        401: staffOnly,
      },
    }),
    validate('json', orderSearchBody),
    async (c) => {
      const orders = await searchOrders({ ...c.var.deps, actor: agentOf(c) }, { query: c.req.valid('json').query });
      return c.json({ orders }, 200);
    },
  )
  .get(
    '/orders/:id',
    describeRoute({
      tags,
      summary: 'One order to follow up: live status, items, payments and refunds, status history, cancellable',
      security: security.session,
      responses: {
        200: jsonResponse(
          '{ order: { order (the customer’s view), restaurant, account, createdBy, payments, history: [{ at, action, actor, from, to, reason }], cancellable } }',
        ),
        401: staffOnly,
        404: notFollowed,
      },
    }),
    validate('param', orderParam),
    async (c) => {
      const orderId = followUpOrderId(c.req.valid('param').id);
      const order = await loadFollowUpOrder({ ...c.var.deps, actor: agentOf(c) }, { orderId });
      if (!order) throw notFound();
      return c.json({ order }, 200);
    },
  )
  .post(
    '/orders/:id/status-link',
    describeRoute({
      tags,
      summary:
        'E-mail the customer the link to the order’s status page again (to the address the order was placed with)',
      security: security.session,
      description:
        'Through the outbox; the audit log records the agent. At most 3 an hour for one order, and 30 an hour for one agent, so it cannot be used to flood a mailbox.',
      responses: {
        200: jsonResponse('{ sentTo }'),
        401: staffOnly,
        404: notFollowed,
        429: errorResponse('tooManyRequests (Retry-After)'),
      },
    }),
    validate('param', orderParam),
    rateLimit({ name: 'cc-status-link-agent', limit: 30, windowSeconds: 3600, key: (c) => signedInUser(c).id }),
    rateLimit({ name: 'cc-status-link-order', limit: 3, windowSeconds: 3600, key: (c) => c.req.param('id') ?? '' }),
    async (c) => {
      const orderId = followUpOrderId(c.req.valid('param').id);
      return c.json(await resendStatusLink({ ...c.var.deps, actor: agentOf(c) }, { orderId }), 200);
    },
  )
  .post(
    '/orders/:id/cancel',
    describeRoute({
      tags,
      summary: 'Cancel an order for the caller while the restaurant has not accepted it (waiting_for_payment or new)',
      security: security.session,
      description:
        'Through the order status machine with the agent as the actor (audit log); a paid order is refunded as a rejected one is; the customer gets the canceled e-mail.',
      responses: {
        200: jsonResponse('{ order } as GET /api/cc/orders/{id}'),
        401: staffOnly,
        404: notFollowed,
        409: errorResponse('orderNotCancellable (details.status): the restaurant has accepted it, or it has ended'),
      },
    }),
    validate('param', orderParam),
    async (c) => {
      const orderId = followUpOrderId(c.req.valid('param').id);
      const order = await cancelForCustomer({ ...c.var.deps, actor: agentOf(c) }, { orderId });
      return c.json({ order }, 200);
    },
  )
  .post(
    '/baskets/:basketId/order',
    describeRoute({
      tags,
      summary: 'Place the caller’s order from this basket (source cc)',
      security: security.session,
      description:
        'As POST /api/orders, on channel cc (Blik; cash or card on delivery in Poland and Ukraine), for the caller: customerUserId names the caller’s account (from POST /api/cc/customers/search) so the order is theirs, or null for a caller without one. The order records the staff member as its creator, in the audit log too; the confirmation e-mail with the status link goes to the e-mail given. Header Idempotency-Key (1–100 characters) is required.',
      responses: {
        201: jsonResponse('{ order, accessToken, redirectUrl, replayed }'),
        400: errorResponse(
          'idempotencyKeyRequired, basketEmpty, validation (details: field → rule; customerUserId: notFound), restaurantClosed, productUnavailable, minBasketValueError, addressOutOfRestaurantsDeliveryArea, discountNotActive, discountNotYetValid, discountExpired, discountNotHere, discountNoEligibleItems, discountBelowMinimum, discountFirstOrderOnly, discountAlreadyUsed, paymentMethodUnavailable, blikCode, blikCodeMustBeNumber, consentRequired',
        ),
        401: staffOnly,
        409: errorResponse('idempotencyKeyReused, basketAlreadyOrdered'),
      },
    }),
    validate('param', basketParam),
    async (c, next) => {
      const key = c.req.header('idempotency-key');
      if (!key || key.length > 100) throw new AppError('idempotencyKeyRequired');
      await next();
    },
    validate('json', phoneOrderBody),
    async (c) => {
      const { customerUserId, ...input } = c.req.valid('json');
      const placed = await placePhoneOrder(
        { ...c.var.deps, actor: staffActor(signedInUser(c), customerUserId ?? null) },
        {
          basketId: c.req.valid('param').basketId,
          // Checked by the middleware above: present and at most 100 characters.
          idempotencyKey: c.req.header('idempotency-key') ?? '',
          input,
        },
      );
      return c.json(placed, 201);
    },
  )
  .route('/escalations', ccEscalationRoutes);
