import { Hono, type Context } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { basketAddress } from '#domain/addresses.ts';
import { notFound } from '#server/errors.ts';
import { basketCookie, setBasketCookie } from '#server/middleware/basket-cookie.ts';
import { rateLimit } from '#server/middleware/rate-limit.ts';
import { sameSiteOnly } from '#server/middleware/session.ts';
import { applyDiscount, removeDiscount, setDelivery } from '#server/services/basket/delivery.ts';
import { addItem, clearBasket, setQuantity } from '#server/services/basket/items.ts';
import { getBasket } from '#server/services/basket/get.ts';
import { emptyBasket } from '#server/services/basket/priced.ts';
import { changeBasket, type BasketChange } from '#server/services/basket/write.ts';
import { errorResponse, jsonResponse, otherHost, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';

// Undeclared keys (a "price" the client made up, say) are ignored: the server prices from the database.
export const addItemBody = type({
  menuItemId: '0 < number.integer < 2147483648',
  quantity: '1 <= number.integer <= 99',
  'optionIds?': type('0 < number.integer < 2147483648').array().atMostLength(50),
});
export const quantityBody = type({ quantity: '0 <= number.integer <= 99' });
export const itemParam = type({ itemId: type('string.integer.parse').to('0 < number.integer < 2147483648') });
export const deliveryBody = type({
  deliveryMethod: "'door2door' | 'outside' | 'leave@door' | 'pickup'",
  'country?': "'pl' | 'ua' | 'pt'",
  'address?': basketAddress.or('null'),
});
export const discountBody = type({ code: '1 <= string <= 64' });

const ownerOf = (c: Context<AppEnv>) => ({ cookieId: basketCookie(c), userId: c.var.user?.id ?? null });

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
    answers('Apply a discount code', '400:validation, discountCode, discountNotActive', '429:tooManyRequests'),
    rateLimit({ name: 'discount', limit: 10, windowSeconds: 10 * 60 }),
    validate('json', discountBody),
    (c) => change(c, applyDiscount(c.req.valid('json').code)),
  )
  .delete('/discount', answers('Remove the discount code', '403:Forbidden (a request from another site)'), (c) =>
    change(c, removeDiscount),
  );
