import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { serialIdParam } from '#domain/admin-forms.ts';
import { ingredientBody, ingredientStockBody } from '#domain/ingredients.ts';
import { requireRestaurantInScope } from '#server/middleware/staff.ts';
import { notFound, unauthorized } from '#server/errors.ts';
import { selfActor } from '#server/services/actor.ts';
import { findKitchenRestaurant } from '#server/services/admin/kitchen/queue.ts';
import {
  createIngredient,
  deleteIngredient,
  kitchenIngredientsView,
  kitchenOfIngredient,
  kitchenOfRestaurant,
  listIngredients,
  restaurantIngredients,
  setIngredientStock,
  updateIngredient,
} from '#server/services/ingredients/kitchen-ingredients.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('ingredients');
const denied = errorResponse('Unauthorized (not an admin)');
const missing = errorResponse('notFound');
const id = (c: { req: { valid: (target: 'param') => { id: string } } }) => Number(c.req.valid('param').id);
const stockNote =
  'Every dish and modifier option that lists it, in every brand cooked at the kitchen, is productUnavailable on every channel (restaurant page, basket, checkout, call centre, bot) until it is back; the restaurant pages hear of it through /api/restaurants/{id}/availability/events. Audited (ingredient.updated with outOfStock).';

/** A kitchen's ingredient list in the admin (issue 35, decision 064): the admin's alone, like locations. */
export const adminIngredientRoutes = new Hono<AppEnv>()
  .get(
    '/locations/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'A kitchen’s (location’s) ingredients, with how many dishes and options list each',
      responses: { 200: jsonResponse('{ location, ingredients }'), 401: denied, 404: missing },
    }),
    validate('param', serialIdParam),
    async (c) => c.json(await kitchenIngredientsView(c.var.deps.db, id(c)), 200),
  )
  .post(
    '/locations/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Add an ingredient to a kitchen (names in pl, en, ua; its allergens, null: not given)',
      responses: {
        201: jsonResponse('{ ingredient }'),
        400: errorResponse('validation, details: { <field>: <rule> }'),
        401: denied,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', ingredientBody.onUndeclaredKey('delete')),
    async (c) => c.json({ ingredient: await createIngredient(adminCtx(c), id(c), c.req.valid('json')) }, 201),
  )
  .put(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Edit an ingredient; every dish and option listing it takes its allergens at once',
      responses: { 200: jsonResponse('{ ingredient }'), 400: errorResponse('validation'), 401: denied, 404: missing },
    }),
    validate('param', serialIdParam),
    validate('json', ingredientBody.onUndeclaredKey('delete')),
    async (c) => c.json({ ingredient: await updateIngredient(adminCtx(c), id(c), c.req.valid('json')) }, 200),
  )
  .put(
    '/stock/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Mark an ingredient out of stock at its kitchen, or back',
      description: stockNote,
      responses: { 200: jsonResponse('{ ingredient, dishes, options }'), 401: denied, 404: missing },
    }),
    validate('param', serialIdParam),
    validate('json', ingredientStockBody),
    async (c) => {
      const ctx = adminCtx(c);
      return c.json(
        await setIngredientStock(ctx, {
          locationId: await kitchenOfIngredient(ctx.db, id(c)),
          ingredientId: id(c),
          outOfStock: c.req.valid('json').outOfStock,
        }),
        200,
      );
    },
  )
  .delete(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Take an ingredient off its kitchen’s list (dishes listing it no longer do)',
      responses: { 204: { description: 'Deleted' }, 401: denied, 404: missing },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await deleteIngredient(adminCtx(c), id(c));
      return c.body(null, 204);
    },
  )
  .get(
    '/restaurants/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'The ingredients of a restaurant’s kitchen and the lists its dishes and options hold (the menu editor)',
      responses: {
        200: jsonResponse('{ location, ingredients, items: { <itemId>: ids }, options: { <optionId>: ids } }'),
        401: errorResponse('Unauthorized (not an admin or a kitchen manager)'),
        403: errorResponse('Forbidden: a kitchen manager, and the restaurant is not cooked in its kitchens'),
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await requireRestaurantInScope(c, id(c));
      return c.json(await restaurantIngredients(c.var.deps.db, id(c)), 200);
    },
  );

const restaurantParam = type({ restaurant: '0 < string <= 200' });
const ingredientParam = restaurantParam.and({ id: /^[1-9][0-9]{0,9}$/ });
const kitchenTags = ['admin'];

/**
 * The kitchen board's ingredient switch (issue 35): staff and managers of the restaurant's kitchen, and the admin.
 * Mounted beside the board's routes (/api/admin/kitchen/{restaurant}/ingredients).
 */
export const kitchenIngredientRoutes = new Hono<AppEnv>()
  .get(
    '/:restaurant/ingredients',
    describeRoute({
      tags: kitchenTags,
      summary: 'The ingredients of the restaurant’s kitchen (every brand cooked there shares them), with their stock',
      security: security.session,
      responses: {
        200: jsonResponse('{ location, ingredients }'),
        401: errorResponse('Unauthorized: not signed in as admin or kitchen staff'),
        403: errorResponse('Forbidden: a kitchen account, and the restaurant is of another kitchen'),
        404: errorResponse('notFound: no restaurant with this slug'),
      },
    }),
    validate('param', restaurantParam),
    async (c) => {
      const { db } = c.var.deps;
      const restaurant = await findKitchenRestaurant(c.var.deps, { slug: c.req.valid('param').restaurant });
      if (!restaurant) throw notFound();
      await requireRestaurantInScope(c, restaurant.id);
      const location = await kitchenOfRestaurant(db, restaurant.id);
      return c.json({ location, ingredients: await listIngredients(db, location.id) }, 200);
    },
  )
  .put(
    '/:restaurant/ingredients/:id',
    describeRoute({
      tags: kitchenTags,
      summary: 'Mark an ingredient of the restaurant’s kitchen out of stock, or back ({ outOfStock })',
      description: stockNote,
      security: security.session,
      responses: {
        200: jsonResponse('{ ingredient, dishes, options }'),
        400: errorResponse('validation'),
        401: errorResponse('Unauthorized: not signed in as admin or kitchen staff'),
        403: errorResponse('Forbidden: a kitchen account, and the restaurant is of another kitchen'),
        404: errorResponse('notFound: no such restaurant, or the ingredient is not its kitchen’s'),
      },
    }),
    validate('param', ingredientParam),
    validate('json', ingredientStockBody),
    async (c) => {
      const { deps, user } = c.var;
      if (!user) throw unauthorized();
      const param = c.req.valid('param');
      const restaurant = await findKitchenRestaurant(deps, { slug: param.restaurant });
      if (!restaurant) throw notFound();
      await requireRestaurantInScope(c, restaurant.id);
      const location = await kitchenOfRestaurant(deps.db, restaurant.id);
      const result = await setIngredientStock(
        { ...deps, actor: selfActor(user) },
        {
          locationId: location.id,
          ingredientId: Number(param.id),
          outOfStock: c.req.valid('json').outOfStock,
          fromRestaurantId: restaurant.id,
        },
      );
      return c.json(result, 200);
    },
  );
