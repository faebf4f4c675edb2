import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { and, eq, or } from 'drizzle-orm';
import type { AppEnv } from '#server/context.ts';
import type { Db } from '#db/client.ts';
import { menuItems, modifierGroups, modifierOptions, restaurants } from '#db/schema/index.ts';
import { serialIdParam } from '#domain/admin-forms.ts';
import { notFound } from '#server/errors.ts';
import { subscribeToStock } from '#server/services/ingredients/kitchen-ingredients.ts';
import { errorResponse, jsonResponse } from '../openapi-common.ts';
import { validate } from '../validate.ts';
import { streamSnapshots } from '../snapshot-stream.ts';

/** Which of a restaurant's dishes and options cannot be ordered now (switched off, or an ingredient is out). */
export type MenuAvailability = { items: number[]; options: number[] };

async function restaurantKitchen(db: Db, restaurantId: number): Promise<number | null> {
  const [row] = await db
    .select({ locationId: restaurants.locationId })
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.active, true)));
  return row?.locationId ?? null;
}

/** The same columns every channel reads (`unavailable or ingredients_out`), for the restaurant's active dishes. */
async function loadAvailability(db: Db, restaurantId: number): Promise<MenuAvailability> {
  const [items, options] = await Promise.all([
    db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          eq(menuItems.active, true),
          or(eq(menuItems.unavailable, true), eq(menuItems.ingredientsOut, true)),
        ),
      )
      .orderBy(menuItems.id),
    db
      .select({ id: modifierOptions.id })
      .from(modifierOptions)
      .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
      .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          eq(menuItems.active, true),
          or(eq(modifierOptions.unavailable, true), eq(modifierOptions.ingredientsOut, true)),
        ),
      )
      .orderBy(modifierOptions.id),
  ]);
  return { items: items.map((i) => i.id), options: options.map((o) => o.id) };
}

/**
 * A restaurant page's live availability (issue 35, decision 064): when the kitchen runs out of an ingredient, every
 * open page of every brand cooked there marks the dishes that use it within a second or two, without a reload.
 */
export const menuAvailabilityRoutes = new Hono<AppEnv>()
  .get(
    '/restaurants/:id/availability',
    describeRoute({
      tags: ['catalogue'],
      summary: 'The ids of a restaurant’s dishes and options that cannot be ordered now',
      responses: { 200: jsonResponse('{ items: number[], options: number[] }'), 404: errorResponse('notFound') },
    }),
    validate('param', serialIdParam),
    async (c) => {
      const restaurantId = Number(c.req.valid('param').id);
      if ((await restaurantKitchen(c.var.deps.db, restaurantId)) === null) throw notFound();
      c.header('Cache-Control', 'no-store');
      return c.json(await loadAvailability(c.var.deps.db, restaurantId), 200);
    },
  )
  .get(
    '/restaurants/:id/availability/events',
    describeRoute({
      tags: ['catalogue'],
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
      const locationId = await restaurantKitchen(db, restaurantId);
      if (locationId === null) throw notFound();
      return streamSnapshots(c, {
        event: 'availability',
        load: () => loadAvailability(db, restaurantId),
        key: (snapshot) => JSON.stringify(snapshot),
        subscribe: (listenDb, wake) => subscribeToStock(listenDb, locationId, wake),
      });
    },
  );
