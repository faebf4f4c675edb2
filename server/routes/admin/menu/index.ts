import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { serialIdParam } from '#domain/admin-forms.ts';
import { itemAvailabilityBody, menuCategoryBody, menuItemBody } from '#domain/menu-forms.ts';
import {
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  readMenu,
  setItemAvailability,
  updateCategory,
  updateItem,
} from '#server/services/admin/forms/menu.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';
import { requireRestaurantInScope } from '#server/middleware/staff.ts';

const tags = adminTags('menu');
const denied = errorResponse('Unauthorized (not an admin or a kitchen manager)');
const outOfScope = errorResponse('Forbidden: a kitchen manager, and the restaurant is not cooked in its kitchens');
const missing = errorResponse('notFound');
const shown = 'the shop and the brand sites show it on their next request (the menu version moves)';
const id = (c: { req: { valid: (target: 'param') => { id: string } } }) => Number(c.req.valid('param').id);

/**
 * A restaurant's menu in the admin (issue 16): categories, items with their modifier groups and options, and an
 * item's availability. Every change is in the audit log and moves the restaurant's menu version.
 */
export const adminMenuRoutes = new Hono<AppEnv>()
  .get(
    '/restaurants/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: "A restaurant's menu for editing: active categories and items, groups, options, every translation",
      responses: {
        200: jsonResponse('{ restaurant: { id, name, currency }, categories }'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await requireRestaurantInScope(c, id(c));
      return c.json(await readMenu(adminCtx(c), id(c)), 200);
    },
  )
  .post(
    '/restaurants/:id/categories',
    describeRoute({
      tags,
      security: security.session,
      summary: `Add a category to a restaurant's menu; ${shown}`,
      responses: {
        201: jsonResponse('{ category }'),
        400: errorResponse('validation, details: { <field>: <rule> }'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', menuCategoryBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireRestaurantInScope(c, id(c));
      return c.json({ category: await createCategory(adminCtx(c), id(c), c.req.valid('json')) }, 201);
    },
  )
  .put(
    '/categories/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: `Edit a category: name, names per language, position; ${shown}`,
      responses: {
        200: jsonResponse('{ category }'),
        400: errorResponse('validation'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', menuCategoryBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireRestaurantInScope(c, { menuCategory: id(c) });
      return c.json({ category: await updateCategory(adminCtx(c), id(c), c.req.valid('json')) }, 200);
    },
  )
  .delete(
    '/categories/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: `Delete a category and its items (soft: baskets and orders keep their lines); ${shown}`,
      responses: { 200: jsonResponse('{ ok: true }'), 401: denied, 403: outOfScope, 404: missing },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await requireRestaurantInScope(c, { menuCategory: id(c) });
      await deleteCategory(adminCtx(c), id(c));
      return c.json({ ok: true }, 200);
    },
  )
  .post(
    '/restaurants/:id/items',
    describeRoute({
      tags,
      security: security.session,
      summary: `Add an item with its modifier groups and options; ${shown}`,
      responses: {
        201: jsonResponse('{ item }'),
        400: errorResponse('validation (categoryId: notFound for a category of another restaurant)'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', menuItemBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireRestaurantInScope(c, id(c));
      return c.json({ item: await createItem(adminCtx(c), id(c), c.req.valid('json')) }, 201);
    },
  )
  .put(
    '/items/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: `Edit an item and its whole list of modifier groups (groups and options left out are deleted); ${shown}`,
      responses: {
        200: jsonResponse('{ item }'),
        400: errorResponse('validation'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', menuItemBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireRestaurantInScope(c, { menuItem: id(c) });
      return c.json({ item: await updateItem(adminCtx(c), id(c), c.req.valid('json')) }, 200);
    },
  )
  .put(
    '/items/:id/availability',
    describeRoute({
      tags,
      security: security.session,
      summary: `Mark an item unavailable (listed, not orderable) or available again; ${shown}`,
      responses: {
        200: jsonResponse('{ item }'),
        400: errorResponse('validation'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', itemAvailabilityBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireRestaurantInScope(c, { menuItem: id(c) });
      return c.json({ item: await setItemAvailability(adminCtx(c), id(c), c.req.valid('json').unavailable) }, 200);
    },
  )
  .delete(
    '/items/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: `Delete an item (soft: baskets and orders keep their lines); ${shown}`,
      responses: { 200: jsonResponse('{ ok: true }'), 401: denied, 403: outOfScope, 404: missing },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await requireRestaurantInScope(c, { menuItem: id(c) });
      await deleteItem(adminCtx(c), id(c));
      return c.json({ ok: true }, 200);
    },
  );
