import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { serialIdParam } from '#domain/admin-forms.ts';
import { notFound } from '#server/errors.ts';
import {
  loadAvailability,
  restaurantKitchen,
  subscribeToStock,
} from '#server/services/ingredients/kitchen-ingredients.ts';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';
import { streamSnapshots } from '../snapshot-stream.ts';

/**
 * A restaurant page's live availability (issue 35, decision 064): when the kitchen runs out of an ingredient, every
 * open page of every brand cooked there marks the dishes that use it within a second or two, without a reload.
 */
export const menuAvailabilityRoutes = new Hono<AppEnv>()
  .get(
    '/restaurants/:id/availability',
    describeRoute({
      tags: ['catalogue'],
      security: security.public,
      summary: 'The ids of a restaurant’s dishes and options that cannot be ordered now',
      responses: { 200: jsonResponse('{ items: number[], options: number[] }'), 404: errorResponse('notFound') },
    }),
    validate('param', serialIdParam),
    async (c) => {
      const restaurantId = Number(c.req.valid('param').id);
      if ((await restaurantKitchen(c.var.deps, { restaurantId })) === null) throw notFound();
      c.header('Cache-Control', 'no-store');
      return c.json(await loadAvailability(c.var.deps, { restaurantId }), 200);
    },
  )
  .get(
    '/restaurants/:id/availability/events',
    describeRoute({
      tags: ['catalogue'],
      security: security.public,
      summary: 'Server-Sent Events: the availability on connect and whenever it changes (event "availability")',
      description:
        'Woken when an ingredient of the restaurant’s kitchen is switched (any brand’s board), polled otherwise; a page that reconnects gets the whole list again.',
      responses: {
        200: { description: 'text/event-stream' },
        404: errorResponse('notFound'),
        429: errorResponse('tooManyRequests: this client holds too many streams'),
        503: errorResponse('serverBusy'),
      },
    }),
    validate('param', serialIdParam),
    async (c) => {
      const { db } = c.var.deps;
      const restaurantId = Number(c.req.valid('param').id);
      const locationId = await restaurantKitchen({ db }, { restaurantId });
      if (locationId === null) throw notFound();
      return streamSnapshots(c, {
        event: 'availability',
        load: () => loadAvailability({ db }, { restaurantId }),
        key: (snapshot) => JSON.stringify(snapshot),
        subscribe: (listenDb, wake) => subscribeToStock(listenDb, locationId, wake),
      });
    },
  );
