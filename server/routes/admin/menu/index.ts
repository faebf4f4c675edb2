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
import { menuCopyBody, priceChangeBody } from '#domain/menu-tools.ts';
import { menuCsv, menuExportQuery, menuImportBody } from '#domain/menu-file.ts';
import { storeUpload } from '#server/services/media/images.ts';
import { changePrices, copyMenu, exportMenu, importMenu } from '#server/services/admin/forms/menu-tools.ts';

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
  .post(
    '/restaurants/:id/photo',
    describeRoute({
      tags,
      security: security.session,
      summary:
        "Upload a dish's photo (the body is the file's bytes, any Content-Type): a JPEG, PNG, WebP or AVIF judged by its content, at most 8 MB; stored in every width the pages use as AVIF and WebP. Answers the address the item's photo field takes (decision 062)",
      responses: {
        201: jsonResponse('{ photo: "/media/dish/<hash>", width, height }'),
        400: errorResponse('imageNotAccepted: not a JPEG, PNG, WebP or AVIF image'),
        401: denied,
        403: outOfScope,
        413: errorResponse('imageTooLarge'),
      },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await requireRestaurantInScope(c, id(c));
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await storeUpload(c.var.deps.media, 'dish', bytes), 201);
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
  .put(
    '/restaurants/:id/prices',
    describeRoute({
      tags,
      security: security.session,
      summary: `Change the prices of selected dishes by a percentage or an amount in minor units, all or none; ${shown}`,
      description:
        'A percentage rounds to the nearest minor unit (half away from zero). A dish whose new price would be ' +
        'below zero refuses the whole change (validation, itemIds.N: outOfRange). One audit row per dish.',
      responses: {
        200: jsonResponse('{ items: [{ id, price }] }'),
        400: errorResponse('validation (itemIds.N: notFound for a dish of another restaurant)'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', priceChangeBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireRestaurantInScope(c, id(c));
      return c.json({ items: await changePrices(adminCtx(c), id(c), c.req.valid('json')) }, 200);
    },
  )
  .post(
    '/restaurants/:id/copy',
    describeRoute({
      tags,
      security: security.session,
      summary: `Copy a category or the whole menu to other restaurants of the brand; ${shown}`,
      description:
        'overwrite: menu (replace the target menu), sameName (replace categories of the same name) or nothing (add ' +
        'only the categories a target lacks). The source is only read; every target gets rows of its own. A ' +
        'target of another brand or currency is validation, targetRestaurantIds.N: invalid.',
      responses: {
        200: jsonResponse('{ results: [{ restaurantId, created, replaced, skipped }] }'),
        400: errorResponse('validation'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', menuCopyBody.onUndeclaredKey('delete')),
    async (c) => {
      const body = c.req.valid('json');
      await requireRestaurantInScope(c, id(c));
      // A kitchen manager copies only into restaurants of their own kitchens.
      for (const target of body.targetRestaurantIds) await requireRestaurantInScope(c, target);
      return c.json({ results: await copyMenu(adminCtx(c), id(c), body) }, 200);
    },
  )
  .get(
    '/restaurants/:id/export',
    describeRoute({
      tags,
      security: security.session,
      summary: "A restaurant's menu as a file: JSON (everything, for an import) or CSV (one line per dish)",
      parameters: [{ name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'csv'] } }],
      responses: {
        200: { description: 'application/json or text/csv, as an attachment' },
        400: errorResponse('validation'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('query', menuExportQuery),
    async (c) => {
      await requireRestaurantInScope(c, id(c));
      const file = await exportMenu(adminCtx(c), id(c));
      const csv = c.req.valid('query').format === 'csv';
      return c.body(csv ? menuCsv(file) : JSON.stringify(file, null, 2), 200, {
        'content-type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="menu-${id(c)}.${csv ? 'csv' : 'json'}"`,
        'cache-control': 'private, no-store',
      });
    },
  )
  .post(
    '/restaurants/:id/import',
    describeRoute({
      tags,
      security: security.session,
      summary: `Import a menu file (the JSON export) with what to overwrite, as a copy does; ${shown}`,
      responses: {
        200: jsonResponse('{ result: { restaurantId, created, replaced, skipped } }'),
        400: errorResponse('validation (file.currency: invalid for a file in another currency)'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', menuImportBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireRestaurantInScope(c, id(c));
      return c.json({ result: await importMenu(adminCtx(c), id(c), c.req.valid('json')) }, 200);
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
