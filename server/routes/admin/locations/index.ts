import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { kitchenSettingsBody, locationBody, serialIdParam } from '#domain/admin-forms.ts';
import {
  createLocation,
  deleteLocation,
  readLocation,
  updateKitchenSettings,
  updateLocation,
} from '#server/services/admin/forms/locations.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('locations');
const denied = errorResponse('Unauthorized (not an admin)');

/** Add, show, edit and soft-delete a location (issue 16); every change is in the audit log. */
export const adminLocationRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Add a location (pickup and delivery flags; sharedBaskets: one basket for every brand cooked there)',
      responses: {
        201: jsonResponse('{ location }'),
        400: errorResponse('validation, details: { <field>: <rule> }'),
        401: denied,
        409: errorResponse('notUniqueSlug (slug taken)'),
      },
    }),
    validate('json', locationBody.onUndeclaredKey('delete')),
    async (c) => c.json({ location: await createLocation(adminCtx(c), c.req.valid('json')) }, 201),
  )
  .get(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'One location with every field',
      responses: { 200: jsonResponse('{ location }'), 401: denied, 404: errorResponse('notFound') },
    }),
    validate('param', serialIdParam),
    async (c) => c.json({ location: await readLocation(adminCtx(c), Number(c.req.valid('param').id)) }, 200),
  )
  .put(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary:
        'Edit a location (every field; the zip checked by its country rules; sharedBaskets left as it is when absent)',
      responses: {
        200: jsonResponse('{ location }'),
        400: errorResponse('validation'),
        401: denied,
        404: errorResponse('notFound'),
        409: errorResponse('notUniqueSlug'),
      },
    }),
    validate('param', serialIdParam),
    validate('json', locationBody.onUndeclaredKey('delete')),
    async (c) => {
      const location = await updateLocation(adminCtx(c), Number(c.req.valid('param').id), c.req.valid('json'));
      return c.json({ location }, 200);
    },
  )
  .delete(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Delete a location (soft, the deleted flag: it and its restaurants leave the shop)',
      responses: { 200: jsonResponse('{ ok: true }'), 401: denied, 404: errorResponse('notFound') },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await deleteLocation(adminCtx(c), Number(c.req.valid('param').id));
      return c.json({ ok: true }, 200);
    },
  )
  .put(
    '/:id/kitchen',
    describeRoute({
      tags,
      security: security.session,
      summary:
        'Edit a kitchen’s capacity: orders and items per 15-minute slot, pre-orders while closed, horizon, delivery time',
      responses: {
        200: jsonResponse('{ location }'),
        400: errorResponse('validation'),
        401: denied,
        404: errorResponse('notFound'),
      },
    }),
    validate('param', serialIdParam),
    validate('json', kitchenSettingsBody.onUndeclaredKey('delete')),
    async (c) => {
      const location = await updateKitchenSettings(adminCtx(c), Number(c.req.valid('param').id), c.req.valid('json'));
      return c.json({ location }, 200);
    },
  );
