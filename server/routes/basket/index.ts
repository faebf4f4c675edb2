import { Hono, type Context } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { basketAddress } from '#domain/addresses.ts';
import { basketCookie, setBasketCookie } from '#server/middleware/basket-cookie.ts';
import { clientIp } from '#server/middleware/rate-limit.ts';
import { AppError, notFound } from '#server/errors.ts';
import { countFailureAttempt, forgetFailure, type FailureLimit } from '#server/services/rate-limit/failures.ts';
import { sameSiteOnly } from '#server/middleware/session.ts';
import { addItem } from '#server/services/basket/add-item.ts';
import { applyDiscount } from '#server/services/basket/apply-discount.ts';
import { clearBasket } from '#server/services/basket/clear.ts';
import { removeDiscount } from '#server/services/basket/remove-discount.ts';
import { setDelivery } from '#server/services/basket/set-delivery.ts';
import { setQuantity } from '#server/services/basket/set-quantity.ts';
import { getBasket } from '#server/services/basket/get.ts';
import { emptyBasket } from '#server/services/basket/priced.ts';
import { basketSchedule } from '#server/services/capacity/schedule.ts';
import { changeBasket, type BasketChange } from '#server/services/basket/write.ts';
import { errorResponse, jsonResponse, otherHost, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';
import { countryType, deliveryMethodType } from '#domain/list-types.ts';

// Undeclared keys (a "price" the client made up, say) are ignored: the server prices from the database.
export const addItemBody = type({
  menuItemId: '0 < number.integer < 2147483648',
  quantity: '1 <= number.integer <= 99',
  'optionIds?': type('0 < number.integer < 2147483648').array().atMostLength(50),
});
export const quantityBody = type({ quantity: '0 <= number.integer <= 99' });
export const itemParam = type({ itemId: type('string.integer.parse').to('0 < number.integer < 2147483648') });
export const deliveryBody = type({
  deliveryMethod: deliveryMethodType,
  'country?': countryType,
  'address?': basketAddress.or('null'),
});
export const discountBody = type({ code: '1 <= string <= 64' });

const ownerOf = (c: Context<AppEnv>) => ({ cookieId: basketCookie(c), userId: c.var.user?.id ?? null });

/**
 * Discount-code limits (issue 40). Only failed attempts count (an unknown code, one of another country, an inactive
 * or used-up one): applying a real code never does, so a family or an office ordering behind one address is never
 * stopped by its own successes. Failures count in 10-minute windows:
 * - per basket: 5. A customer mistypes a code from a leaflet once or twice; five wrong ones in a row is guessing.
 * - per address: 30. Baskets are free to make (drop the cookie), so a script guessing from one address meets this
 *   one; an office of people each mistyping their code once or twice stays well under it. 30 per 10 minutes is about
 *   4,300 guesses a day, which gets nowhere near a generated code (8 characters of 31) and slows a dictionary of
 *   named ones to a crawl.
 * A basket is the visitor's cookie (or, logged in without one, the account's latest basket). A refused attempt is
 * not tried and does not count.
 */
const DISCOUNT_WINDOW_SECONDS = 10 * 60;
const DISCOUNT_FAILURES_PER_BASKET = 5;
const DISCOUNT_FAILURES_PER_ADDRESS = 30;
// A code's own rules (issue 38) count too: each answer says the code exists, which is what a guess is after.
const CODE_FAILURES = new Set([
  'discountCode',
  'discountNotActive',
  'discountNotYetValid',
  'discountExpired',
  'discountNotHere',
  'discountNoEligibleItems',
  'discountBelowMinimum',
  'discountFirstOrderOnly',
  'discountAlreadyUsed',
]);

async function applyDiscountLimited(c: Context<AppEnv>, code: string) {
  const { db, now } = c.var.deps;
  const cookie = basketCookie(c);
  // A cookie is only a basket's id when it looks like one; anything else must not become a key of any length.
  const basket = cookie && /^[0-9a-f-]{36}$/i.test(cookie) ? cookie : c.var.user ? `user ${c.var.user.id}` : null;
  const limits: FailureLimit[] = [{ key: `discount-failed:${clientIp(c)}`, limit: DISCOUNT_FAILURES_PER_ADDRESS }];
  if (basket) limits.push({ key: `discount-failed-basket:${basket}`, limit: DISCOUNT_FAILURES_PER_BASKET });
  const attempt = await countFailureAttempt({ db, now }, { limits, windowSeconds: DISCOUNT_WINDOW_SECONDS });
  if (attempt.retryAfterSeconds !== null) {
    await forgetFailure({ db }, attempt);
    c.header('Retry-After', String(attempt.retryAfterSeconds));
    throw new AppError('tooManyRequests');
  }
  try {
    const answer = await change(c, applyDiscount(code, now()));
    await forgetFailure({ db }, attempt);
    return answer;
  } catch (error) {
    const key = (error as { key?: unknown } | null)?.key;
    if (typeof key !== 'string' || !CODE_FAILURES.has(key)) await forgetFailure({ db }, attempt);
    throw error;
  }
}

/**
 * Changes the visitor's basket in one transaction and answers it re-priced from the database. Without `create`,
 * a visitor with no basket gets `none()` instead of a new basket.
 */
async function change(c: Context<AppEnv>, fn: BasketChange, none?: () => Response) {
  const { db, now } = c.var.deps;
  const basket = await changeBasket({ db, now }, { owner: ownerOf(c), change: fn, create: !none });
  if (!basket) {
    if (none) return none();
    throw notFound();
  }
  setBasketCookie(c, basket.id);
  return c.json(basket, 200);
}

const tags = ['basket'];
const answers = (summary: string, ...errors: string[]) =>
  describeRoute({
    tags,
    summary,
    security: security.basket,
    responses: {
      200: jsonResponse('The basket, priced on the server from database prices'),
      ...Object.fromEntries(
        errors.map((e) => {
          const [status, keys] = e.split(':') as [string, string];
          return [status, errorResponse(keys)];
        }),
      ),
    },
  });

/**
 * The server-side basket (spec section 7 paths kept: GET /basket, /basket/remove/{itemId}, /basket/clear).
 * Named by the httpOnly `basket` cookie; stored in PostgreSQL, so it survives restarts and any process serves it.
 */
export const basketRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'The visitor’s basket (an empty one when there is none)',
      security: security.basket,
      responses: { 200: jsonResponse('The basket, priced on the server from database prices'), 404: otherHost },
    }),
    async (c) => {
      const { basketId, basket } = await getBasket(c.var.deps, { owner: ownerOf(c) });
      if (basketId) setBasketCookie(c, basketId);
      return c.json(basket, 200);
    },
  )
  .get(
    '/schedule',
    describeRoute({
      tags,
      summary: 'When the basket’s order can be ready: the ASAP promise and the slots a customer may schedule it for',
      description:
        'From the kitchen’s preparation time (with busy mode’s extra time), its slot capacity, working hours and scheduling horizon, in the restaurant’s time zone: { paused, pausedUntil, preparationMinutes, asap: { readyAt, dueAt } | null, slots: [{ slot, readyAt, dueAt }], timeZone }. Place the order with scheduledFor = a slot to schedule it. schedule is null for a basket with no restaurant yet.',
      security: security.basket,
      responses: { 200: jsonResponse('{ schedule }'), 404: otherHost },
    }),
    async (c) => {
      const { basket } = await getBasket(c.var.deps, { owner: ownerOf(c) });
      return c.json({ schedule: await basketSchedule(c.var.deps, basket) }, 200);
    },
  )
  .post(
    '/items',
    answers(
      'Add a menu item with its chosen options; the same item and options add up on one line',
      '400:validation, requiredOptions, productUnavailable, restaurantClosed (details.nextOpening)',
      '404:notFound',
      '409:restaurantLocation, mishmashedLocations',
    ),
    validate('json', addItemBody),
    (c) => {
      const input = c.req.valid('json');
      return change(
        c,
        addItem(
          { menuItemId: input.menuItemId, quantity: input.quantity, optionIds: input.optionIds ?? [] },
          c.var.deps.now(),
        ),
      );
    },
  )
  .patch(
    '/items/:itemId',
    answers('Change a line’s quantity (0 removes it)', '400:validation', '404:notFound'),
    validate('param', itemParam),
    validate('json', quantityBody),
    (c) => change(c, setQuantity(c.req.valid('param').itemId, c.req.valid('json').quantity)),
  )
  .get(
    '/remove/:itemId',
    answers('Remove a line (a GET, as the spec has it; same-site requests only)', '403:Forbidden', '404:notFound'),
    sameSiteOnly(),
    validate('param', itemParam),
    (c) =>
      change(c, setQuantity(c.req.valid('param').itemId, 0), () => {
        throw notFound();
      }),
  )
  .get(
    '/clear',
    answers('Empty the basket (a GET, as the spec has it; same-site requests only)', '403:Forbidden'),
    sameSiteOnly(),
    (c) => change(c, clearBasket, () => c.json(emptyBasket(), 200)),
  )
  .put(
    '/delivery',
    answers(
      'Set the delivery method, country and address (zip checked with the country’s rules)',
      '400:validation',
      '409:restaurantLocation',
    ),
    validate('json', deliveryBody),
    (c) => change(c, setDelivery(c.req.valid('json'))),
  )
  .post(
    '/discount',
    answers(
      'Apply a discount code; failed attempts only are limited: 5 per basket and 30 per address in 10 minutes',
      '400:validation, discountCode, discountNotActive, discountNotYetValid, discountExpired, discountNotHere, discountNoEligibleItems, discountBelowMinimum, discountFirstOrderOnly, discountAlreadyUsed',
      '429:tooManyRequests',
    ),
    validate('json', discountBody),
    (c) => applyDiscountLimited(c, c.req.valid('json').code),
  )
  .delete('/discount', answers('Remove the discount code', '403:Forbidden (a request from another site)'), (c) =>
    change(c, removeDiscount),
  );
