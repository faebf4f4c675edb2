import { Hono, type Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import { deliveryQuery } from '#domain/addresses.ts';
import { deliveryMethodType, localeType } from '#domain/list-types.ts';
import { AppError, notFound, validationError } from '#server/errors.ts';
import { clientIp } from '#server/middleware/rate-limit.ts';
import { placeBotOrder } from '#server/services/bot/place-order.ts';
import { restaurantsDeliveringTo } from '#server/services/catalogue/find-delivering.ts';
import { getRestaurantPage, menuIn } from '#server/services/catalogue/menu.ts';
import { getConcept, getLocationsAndConcepts } from '#server/services/catalogue/overview.ts';
import { restaurantSchedule } from '#server/services/capacity/schedule.ts';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';
import { placeOrderBody } from '../orders/index.ts';
import { validate } from '../validate.ts';
import { BOT_RATE_LIMIT, type BotEnv, requireBotKey } from './auth.ts';

const id = '0 < number.integer < 2147483648';

// The shop's checkout body (POST /api/orders) plus what the shop keeps in the basket: items, delivery, a code.
const botOrderBody = placeOrderBody.and({
  items: type({
    menuItemId: id,
    quantity: '1 <= number.integer <= 99',
    'optionIds?': type(id).array().atMostLength(50),
  })
    .array()
    .moreThanLength(0)
    .atMostLength(50),
  deliveryMethod: deliveryMethodType,
  'discountCode?': '1 <= string <= 64',
});
const slugParam = type({ slug: '/^[a-z0-9][a-z0-9-]{0,99}$/' });
const menuQuery = type({ 'lang?': localeType });
const scheduleQuery = type({
  items: type('string.integer.parse').to('1 <= number.integer <= 999'),
  deliveryMethod: deliveryMethodType,
});

const tags = ['bot'];
const refused = {
  401: errorResponse('Unauthorized: no key, a wrong key or a revoked key (WWW-Authenticate: Bearer)'),
  429: errorResponse(
    `tooManyRequests: more than ${BOT_RATE_LIMIT.limit} calls in ${BOT_RATE_LIMIT.windowSeconds} s with this key (Retry-After)`,
  ),
};

/**
 * The bot channel (decision 022): a chat bot reads the catalogue and places orders with source bot, authenticated
 * by its API key and rate-limited per key. Its answers are never cached: each carries the restaurants' state now.
 */
export const botRoutes = new Hono<BotEnv>()
  .use(requireBotKey)
  .get(
    '/concepts',
    describeRoute({
      tags,
      security: security.bot,
      summary: 'Every concept (brand), location and city',
      responses: { 200: jsonResponse('{ concepts, locations, cities }'), ...refused },
    }),
    async (c) => c.json(await getLocationsAndConcepts(c.var.deps), 200),
  )
  .get(
    '/concepts/:slug',
    describeRoute({
      tags,
      security: security.bot,
      summary: 'A concept with its restaurants (each with its state now)',
      responses: { 200: jsonResponse('The concept'), 404: errorResponse('notFound'), ...refused },
    }),
    validate('param', slugParam),
    async (c) => {
      const concept = await getConcept(c.var.deps, c.req.valid('param'));
      if (!concept) throw notFound();
      return c.json(concept, 200);
    },
  )
  .get(
    '/restaurants',
    describeRoute({
      tags,
      security: security.bot,
      summary: 'Restaurants delivering to an address (a point lat/lng and/or a zip), open ones first',
      responses: { 200: jsonResponse('{ restaurants }'), 400: errorResponse('validation'), ...refused },
    }),
    validate('query', deliveryQuery),
    async (c) => {
      const query = c.req.valid('query');
      if (query.zip === undefined && (query.lat === undefined || query.lng === undefined)) {
        throw validationError({ zip: 'notEmpty' });
      }
      const restaurants = await restaurantsDeliveringTo(c.var.deps, query);
      return c.json({ restaurants }, 200);
    },
  )
  .get(
    '/restaurants/:slug/menu',
    describeRoute({
      tags,
      security: security.bot,
      summary:
        'A restaurant, its state now and its menu (in `lang` where translated): categories, items with their ids, prices in minor units, modifier groups and options; every item and option carries `allergens`: `{ contains, mayContain }` of the 14 EU groups (Regulation 1169/2011 Annex II: gluten, crustaceans, eggs, fish, peanuts, soybeans, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs), or null when the restaurant has not given them (tell the customer to ask the restaurant)',
      responses: { 200: jsonResponse('{ restaurant, categories }'), 404: errorResponse('notFound'), ...refused },
    }),
    validate('param', slugParam),
    validate('query', menuQuery),
    async (c) => {
      const { lang } = c.req.valid('query');
      const page = await getRestaurantPage(c.var.deps, { idOrSlug: c.req.valid('param').slug, language: lang });
      if (!page) throw notFound();
      const menu = menuIn(page.menu, lang);
      return c.json({ restaurant: page.head, categories: menu.categories }, 200);
    },
  )
  .get(
    '/restaurants/:slug/schedule',
    describeRoute({
      tags,
      security: security.bot,
      summary:
        'When an order of `items` items can be ready: the ASAP promise and the slots the customer may choose (send one as scheduledFor)',
      description:
        'As GET /api/basket/schedule: { paused, pausedUntil, preparationMinutes, asap: { readyAt, dueAt } | null, slots: [{ slot, readyAt, dueAt }], timeZone }. A paused kitchen offers nothing; POST /api/bot/orders then answers 409 kitchenPaused, and a slot no longer offered 409 slotUnavailable.',
      responses: {
        200: jsonResponse('{ schedule }'),
        400: errorResponse('validation'),
        404: errorResponse('notFound'),
        ...refused,
      },
    }),
    validate('param', slugParam),
    validate('query', scheduleQuery),
    async (c) => {
      const { items, deliveryMethod } = c.req.valid('query');
      const schedule = await restaurantSchedule(c.var.deps, { slug: c.req.valid('param').slug, items, deliveryMethod });
      if (!schedule) throw notFound();
      return c.json({ schedule }, 200);
    },
  )
  .post(
    '/orders',
    describeRoute({
      tags,
      security: security.bot,
      summary: 'Place an order (source bot) of the listed items, for the customer the bot talks to',
      description:
        'The items (ids from the menu; one restaurant, or several brands cooked at one location whose `location.sharedBaskets` is true: one order, one delivery fee), the delivery method and the customer part of the shop’s checkout (customer, address, consents, payment). Payment methods follow the bot channel’s rules (decision 022: those of the web). Header Idempotency-Key (1–100 characters, per bot key) is required: a repeat with the same body answers the same order (replayed: true); with another body, 409 idempotencyKeyReused. Prices are the database’s. The answer gives the order (id, status, totals), the status page’s address for the customer, and paymentUrl where the customer pays (fast transfer).',
      responses: {
        201: jsonResponse('{ order, statusUrl, accessToken, paymentUrl, replayed }'),
        400: errorResponse(
          'idempotencyKeyRequired, validation (details: field → rule), requiredOptions, productUnavailable, restaurantClosed, minBasketValueError, addressOutOfRestaurantsDeliveryArea, pickupUnavailable, deliveryUnavailable, discountCode, discountNotActive, discountNotYetValid, discountExpired, discountNotHere, discountNoEligibleItems, discountBelowMinimum, discountFirstOrderOnly, discountAlreadyUsed, paymentMethodUnavailable, blikCode, blikCodeMustBeNumber, consentRequired (details.missing)',
        ),
        404: errorResponse('notFound: no such menu item'),
        409: errorResponse(
          'idempotencyKeyReused, restaurantLocation (another restaurant where the location does not share baskets), mishmashedLocations (another location)',
        ),
        ...refused,
      },
    }),
    async (c, next) => {
      const key = c.req.header('idempotency-key');
      if (!key || key.length > 100) throw new AppError('idempotencyKeyRequired');
      await next();
    },
    validate('json', botOrderBody),
    async (c) => {
      const placed = await placeBotOrder(
        { ...c.var.deps, key: c.var.botKey },
        {
          // Checked by the middleware above: present and at most 100 characters.
          idempotencyKey: c.req.header('idempotency-key') ?? '',
          input: c.req.valid('json'),
          // clientIp reads only the headers, the socket and deps, which a bot route's context has as the app's does.
          customerIp: clientIp(c as unknown as Context<AppEnv>),
        },
      );
      return c.json(placed, 201);
    },
  );
