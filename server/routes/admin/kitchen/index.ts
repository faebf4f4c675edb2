import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { requireRestaurantInScope } from '#server/middleware/staff.ts';
import { findKitchenRestaurant, kitchenQueueKey, loadKitchenQueue } from '#server/services/admin/kitchen/queue.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { streamSnapshots } from '../../snapshot-stream.ts';

const restaurantParam = type({ restaurant: '0 < string <= 200' });
const tags = ['admin'];

/** A restaurant's kitchen board: its live queue, for the admin and the kitchen accounts of its kitchen. */
export const adminKitchenRoutes = new Hono<AppEnv>()
  .get(
    '/:restaurant',
    describeRoute({
      tags,
      summary: 'A restaurant’s kitchen queue (by slug): its orders in new, processing and the ready statuses',
      security: security.session,
      responses: {
        200: jsonResponse('{ restaurant, orders (the customer’s view plus actions and acceptedAt), now }'),
        401: errorResponse('Unauthorized: not signed in as admin or kitchen staff'),
        403: errorResponse('Forbidden: a kitchen account, and the restaurant is not cooked in its kitchens'),
        404: errorResponse('notFound: no restaurant with this slug'),
      },
    }),
    validate('param', restaurantParam),
    async (c) => {
      const { deps } = c.var;
      const restaurant = await findKitchenRestaurant(deps, { slug: c.req.valid('param').restaurant });
      if (!restaurant) throw notFound();
      await requireRestaurantInScope(c, restaurant.id);
      return c.json(await loadKitchenQueue(deps, { restaurant }), 200);
    },
  )
  .get(
    '/:restaurant/events',
    describeRoute({
      tags,
      summary: 'Server-Sent Events: the whole kitchen queue on connect and after every change (event "queue")',
      description:
        'A board that lost its connection gets the whole queue again when it reconnects, so it catches up without replaying events.',
      security: security.session,
      responses: {
        200: { description: 'text/event-stream' },
        401: errorResponse('Unauthorized: not signed in as admin or kitchen staff'),
        403: errorResponse('Forbidden: a kitchen account, and the restaurant is not cooked in its kitchens'),
        404: errorResponse('notFound: no restaurant with this slug'),
      },
    }),
    validate('param', restaurantParam),
    async (c) => {
      const { deps } = c.var;
      const restaurant = await findKitchenRestaurant(deps, { slug: c.req.valid('param').restaurant });
      if (!restaurant) throw notFound();
      await requireRestaurantInScope(c, restaurant.id);
      return streamSnapshots(c, {
        event: 'queue',
        load: () => loadKitchenQueue(deps, { restaurant }),
        key: kitchenQueueKey,
      });
    },
  );
