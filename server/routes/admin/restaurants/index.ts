import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { restaurantBody, restaurantOpeningBody, serialIdParam } from '#domain/admin-forms.ts';
import {
  createRestaurant,
  deleteRestaurant,
  readRestaurant,
  restaurantChoices,
  updateRestaurant,
} from '#server/services/admin/forms/restaurants.ts';
import { readOpening, updateOpening } from '#server/services/admin/forms/restaurant-opening.ts';
import { requireRestaurantInScope } from '#server/middleware/staff.ts';
import { deliveryZonesBody } from '#domain/delivery-zones.ts';
import { readDeliveryZones, writeDeliveryZones } from '#server/services/admin/forms/delivery-zones.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('restaurants');
const denied = errorResponse('Unauthorized (not an admin)');

/** Add, show, edit and soft-delete a restaurant (issue 16); every change is in the audit log. */
export const adminRestaurantRoutes = new Hono<AppEnv>()
  .get(
    '/choices',
    describeRoute({
      tags,
      security: security.session,
      summary: 'The concepts and (not deleted) locations a restaurant may belong to, for the form',
      responses: {
        200: jsonResponse('{ concepts: [{ id, name }], locations: [{ id, name, city, country }] }'),
        401: denied,
      },
    }),
    async (c) => c.json(await restaurantChoices(adminCtx(c)), 200),
  )
  .post(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Add a restaurant with its working hours (its delivery zones: PUT /{id}/zones)',
      responses: {
        201: jsonResponse('{ restaurant }'),
        400: errorResponse('validation, details: { <field>: <rule> }'),
        401: denied,
        409: errorResponse('notUniqueSlug (slug taken)'),
      },
    }),
    validate('json', restaurantBody.onUndeclaredKey('delete')),
    async (c) => c.json({ restaurant: await createRestaurant(adminCtx(c), c.req.valid('json')) }, 201),
  )
  .get(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'One restaurant with every field and its working hours',
      responses: { 200: jsonResponse('{ restaurant }'), 401: denied, 404: errorResponse('notFound') },
    }),
    validate('param', serialIdParam),
    async (c) => c.json({ restaurant: await readRestaurant(adminCtx(c), Number(c.req.valid('param').id)) }, 200),
  )
  .get(
    '/:id/opening',
    describeRoute({
      tags,
      security: security.session,
      summary:
        "A restaurant's week hours and whether it takes orders now (isEnabled), for the admin and its kitchen managers",
      responses: {
        200: jsonResponse('{ restaurant: { id, name, slug, isEnabled, hours } }'),
        401: errorResponse('Unauthorized (not an admin or a kitchen manager)'),
        403: errorResponse('Forbidden: a kitchen manager, and the restaurant is not cooked in its kitchens'),
        404: errorResponse('notFound'),
      },
    }),
    validate('param', serialIdParam),
    async (c) => {
      const id = Number(c.req.valid('param').id);
      await requireRestaurantInScope(c, id);
      return c.json({ restaurant: await readOpening(adminCtx(c), id) }, 200);
    },
  )
  .put(
    '/:id/opening',
    describeRoute({
      tags,
      security: security.session,
      summary:
        "Change a restaurant's week hours and isEnabled (false: temporarily unavailable) only; the shop shows it on its next request",
      responses: {
        200: jsonResponse('{ restaurant: { id, name, slug, isEnabled, hours } }'),
        400: errorResponse('validation (hours.<n>.to: invalid for an opening of no time)'),
        401: errorResponse('Unauthorized (not an admin or a kitchen manager)'),
        403: errorResponse('Forbidden: a kitchen manager, and the restaurant is not cooked in its kitchens'),
        404: errorResponse('notFound'),
      },
    }),
    validate('param', serialIdParam),
    validate('json', restaurantOpeningBody.onUndeclaredKey('delete')),
    async (c) => {
      const id = Number(c.req.valid('param').id);
      await requireRestaurantInScope(c, id);
      return c.json({ restaurant: await updateOpening(adminCtx(c), id, c.req.valid('json')) }, 200);
    },
  )
  .get(
    '/:id/zones',
    describeRoute({
      tags,
      security: security.session,
      summary:
        "A restaurant's delivery zones in order (each a GeoJSON polygon and/or zips, its delivery fee and minimum order in minor units), with the kitchen's point and country",
      responses: {
        200: jsonResponse(
          '{ restaurant: { id, name, country, latitude, longitude, deliveryValue, minBasketValue }, zones: [{ id, name, polygon, zips, deliveryValue, minBasketValue }], tiles: { url, attribution } | null }',
        ),
        401: denied,
        404: errorResponse('notFound'),
      },
    }),
    validate('param', serialIdParam),
    async (c) => {
      const zones = await readDeliveryZones(adminCtx(c), Number(c.req.valid('param').id));
      // The map's tiles are a setting (MAP_TILE_URL); none: the editor draws on a plain grid, offline.
      return c.json({ ...zones, tiles: c.var.deps.env.mapTiles ?? null }, 200);
    },
  )
  .put(
    '/:id/zones',
    describeRoute({
      tags,
      security: security.session,
      summary:
        "Replace a restaurant's delivery zones with this list, in this order; a basket's address is delivered by the cheapest zone holding it (decision 061), and the shop shows the change on its next request",
      responses: {
        200: jsonResponse('{ restaurant, zones } as GET answers'),
        400: errorResponse(
          'validation, details: { zones.<n>.<field>: <rule> } (a zone with neither a polygon nor a zip)',
        ),
        401: denied,
        404: errorResponse('notFound'),
      },
    }),
    validate('param', serialIdParam),
    validate('json', deliveryZonesBody.onUndeclaredKey('delete')),
    async (c) =>
      c.json(await writeDeliveryZones(adminCtx(c), Number(c.req.valid('param').id), c.req.valid('json')), 200),
  )
  .put(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary:
        'Edit a restaurant: fields, week hours, enabled (false: temporarily unavailable); the shop shows it on its next request',
      responses: {
        200: jsonResponse('{ restaurant }'),
        400: errorResponse('validation'),
        401: denied,
        404: errorResponse('notFound'),
        409: errorResponse('notUniqueSlug'),
      },
    }),
    validate('param', serialIdParam),
    validate('json', restaurantBody.onUndeclaredKey('delete')),
    async (c) => {
      const restaurant = await updateRestaurant(adminCtx(c), Number(c.req.valid('param').id), c.req.valid('json'));
      return c.json({ restaurant }, 200);
    },
  )
  .delete(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Delete a restaurant (soft, active = false: it leaves the shop; its orders stay)',
      responses: { 200: jsonResponse('{ ok: true }'), 401: denied, 404: errorResponse('notFound') },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await deleteRestaurant(adminCtx(c), Number(c.req.valid('param').id));
      return c.json({ ok: true }, 200);
    },
  );
