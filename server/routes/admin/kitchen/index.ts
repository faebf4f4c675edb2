import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { requireRestaurantInScope } from '#server/middleware/staff.ts';
import { notFound, unauthorized } from '#server/errors.ts';
import { isUuid } from '#domain/ids.ts';
import { selfActor } from '#server/services/actor.ts';
import {
  acknowledgeAlarm,
  findKitchenRestaurant,
  kitchenQueueKey,
  loadKitchenQueue,
} from '#server/services/admin/kitchen/queue.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { streamSnapshots } from '../../snapshot-stream.ts';
import { setKitchenBusy } from '#server/services/capacity/busy.ts';
import { busyBody, busyChoiceOf } from './busy-body.ts';

const restaurantParam = type({ restaurant: '0 < string <= 200' });
const orderParam = restaurantParam.and({ id: '0 < string <= 64' });
const tags = ['admin'];

/** A restaurant's kitchen board: its live queue, for the admin and the kitchen accounts of its kitchen. */
export const adminKitchenRoutes = new Hono<AppEnv>()
  .get(
    '/:restaurant',
    describeRoute({
      tags,
      summary:
        'A restaurant’s kitchen queue (by slug): its orders in new, processing and the ready statuses, and another brand’s holding a line it cooks (one card, the lines’ brands in orders[].brands and items[].brand)',
      security: security.session,
      responses: {
        200: jsonResponse(
          '{ restaurant, orders (the customer’s view plus actions and acceptedAt), now, kitchen (its busy mode), schedule (the openings for a week, the ranges of three days) }',
        ),
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
  )
  .post(
    '/:restaurant/orders/:id/acknowledge',
    describeRoute({
      tags,
      summary: 'Acknowledge a new order’s alarm: it stops ringing on every board of the kitchen',
      description:
        'Records who noticed the order and when (orders.alarmAcknowledgedAt, the audit log); the boards’ streams send the queue again with alarm false. Accepting or rejecting the order acknowledges it too. Acknowledging twice answers 200.',
      security: security.session,
      responses: {
        200: jsonResponse('{ acknowledged: true }'),
        401: errorResponse('Unauthorized: not signed in as admin or kitchen staff'),
        403: errorResponse('Forbidden: a kitchen account, and the restaurant is of another kitchen'),
        404: errorResponse(
          'notFound: no such restaurant, or the order is not this restaurant’s nor holds a line it cooks',
        ),
      },
    }),
    validate('param', orderParam),
    async (c) => {
      const { deps, user } = c.var;
      if (!user) throw unauthorized();
      const { restaurant: slug, id } = c.req.valid('param');
      const restaurant = await findKitchenRestaurant(deps, { slug });
      if (!restaurant || !isUuid(id)) throw notFound();
      await requireRestaurantInScope(c, restaurant.id);
      const done = await acknowledgeAlarm({ ...deps, actor: selfActor(user) }, { restaurant, orderId: id });
      if (!done) throw notFound();
      return c.json({ acknowledged: true as const }, 200);
    },
  )
  .put(
    '/:restaurant/busy',
    describeRoute({
      tags,
      summary: 'Busy mode of the restaurant’s kitchen: extra preparation time, a pause, or back to normal (kind none)',
      description:
        'One tap on the board: { kind: "extraTime", extraMinutes: 10 | 20 | 30, forMinutes } or { kind: "paused", reason, forMinutes: 15 | 30 | 60 | null (until resumed) } or { kind: "none" }. Applies to every brand cooked at the restaurant’s location and to every channel (web, call centre, bot); ends by itself when forMinutes are up. Audited (location.updated).',
      security: security.session,
      responses: {
        200: jsonResponse('{ locationId, locationName, busy (null: normal) }'),
        400: errorResponse('validation (extraMinutes, forMinutes, reason)'),
        401: errorResponse('Unauthorized: not signed in as admin or kitchen staff'),
        403: errorResponse('Forbidden: a kitchen account, and the restaurant is of another kitchen'),
        404: errorResponse('notFound: no restaurant with this slug'),
      },
    }),
    validate('param', restaurantParam),
    validate('json', busyBody),
    async (c) => {
      const { deps, user } = c.var;
      if (!user) throw unauthorized();
      const restaurant = await findKitchenRestaurant(deps, { slug: c.req.valid('param').restaurant });
      if (!restaurant) throw notFound();
      await requireRestaurantInScope(c, restaurant.id);
      const state = await setKitchenBusy(
        { ...deps, actor: selfActor(user) },
        { restaurantId: restaurant.id, choice: busyChoiceOf(c.req.valid('json')) },
      );
      return c.json(state, 200);
    },
  );
