import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { serialIdParam } from '#domain/admin-forms.ts';
import { brandGroupBody, brandGroupCreateBody, brandGroupItemsBody } from '#domain/brand-groups.ts';
import {
  attachBrandGroup,
  brandGroupReach,
  brandRestaurants,
  createBrandGroup,
  deleteBrandGroup,
  detachBrandGroup,
  listBrandGroups,
  updateBrandGroup,
} from '#server/services/admin/forms/brand-groups.ts';
import { requireRestaurantInScope, requireSomeRestaurantInScope } from '#server/middleware/staff.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('menu');
const denied = errorResponse('Unauthorized (not an admin or a kitchen manager)');
const outOfScope = errorResponse(
  'Forbidden: a kitchen manager whose kitchens cook none of the brand, or a dish (or a copy) of another kitchen',
);
const missing = errorResponse('notFound');
const shown = 'every dish holding a copy shows it on the next request (the menu versions move)';
const id = (c: { req: { valid: (target: 'param') => { id: string } } }) => Number(c.req.valid('param').id);

/** A kitchen manager acts on a brand's groups when their kitchens cook the brand. */
async function requireBrandInScope(c: Context<AppEnv>, conceptId: number): Promise<void> {
  requireSomeRestaurantInScope(
    c,
    (await brandRestaurants(c.var.deps.db, conceptId)).map((r) => r.id),
  );
}

/**
 * Editing a definition changes every dish holding a copy: a kitchen manager may, when their kitchens cook the brand
 * and every such dish is theirs.
 */
async function requireGroupInScope(c: Context<AppEnv>, groupId: number, everyCopy: boolean): Promise<void> {
  const reach = await brandGroupReach(c.var.deps.db, groupId);
  requireSomeRestaurantInScope(c, reach.brandRestaurantIds);
  if (everyCopy)
    for (const restaurantId of reach.attachedRestaurantIds) await requireRestaurantInScope(c, restaurantId);
}

/**
 * A brand's shared modifier groups (issue 38, decision 058): defined once, attached to many dishes as copies that
 * follow every edit of the definition. Every change is in the audit log.
 */
export const adminBrandGroupRoutes = new Hono<AppEnv>()
  .get(
    '/brands/:id/groups',
    describeRoute({
      tags,
      security: security.session,
      summary: "A brand's shared modifier groups with their options and the dishes holding a copy",
      responses: {
        200: jsonResponse('{ brand: { id, name, currencies }, groups: [{ ..., options, attachedTo }] }'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await requireBrandInScope(c, id(c));
      return c.json(await listBrandGroups(adminCtx(c), id(c)), 200);
    },
  )
  .post(
    '/brands/:id/groups',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Define a modifier group for the brand, its options priced in the currency given',
      responses: {
        201: jsonResponse('{ group }'),
        400: errorResponse('validation (min: outOfRange when above max or above the options)'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', brandGroupCreateBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireBrandInScope(c, id(c));
      return c.json({ group: await createBrandGroup(adminCtx(c), id(c), c.req.valid('json')) }, 201);
    },
  )
  .put(
    '/brand-groups/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: `Edit a brand group and, in the same transaction, every dish's copy; ${shown}`,
      description:
        'Options with an id are updated (in every copy, keeping the ids baskets hold), options without one are ' +
        'added to every copy, options left out are deleted from every copy (a basket holding one finds its line ' +
        'unavailable: productUnavailable at checkout).',
      responses: {
        200: jsonResponse('{ group, copies }'),
        400: errorResponse('validation (options.N.id: notFound for an option of another group)'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', brandGroupBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireGroupInScope(c, id(c), true);
      return c.json(await updateBrandGroup(adminCtx(c), id(c), c.req.valid('json')), 200);
    },
  )
  .delete(
    '/brand-groups/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: `Delete a brand group and every dish's copy; ${shown}`,
      responses: { 200: jsonResponse('{ ok: true }'), 401: denied, 403: outOfScope, 404: missing },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await requireGroupInScope(c, id(c), true);
      await deleteBrandGroup(adminCtx(c), id(c));
      return c.json({ ok: true }, 200);
    },
  )
  .post(
    '/brand-groups/:id/attach',
    describeRoute({
      tags,
      security: security.session,
      summary: `Attach a brand group to dishes (all or none), each getting a copy after its own groups; ${shown}`,
      responses: {
        200: jsonResponse('{ attached: [itemId], already: [itemId] }'),
        400: errorResponse('validation (itemIds.N: notFound, otherBrand or currencyMismatch)'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', brandGroupItemsBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireGroupInScope(c, id(c), false);
      for (const itemId of c.req.valid('json').itemIds) await requireRestaurantInScope(c, { menuItem: itemId });
      return c.json(await attachBrandGroup(adminCtx(c), id(c), c.req.valid('json').itemIds), 200);
    },
  )
  .post(
    '/brand-groups/:id/detach',
    describeRoute({
      tags,
      security: security.session,
      summary: `Detach a brand group from dishes: their copies are deleted as the item form deletes a group; ${shown}`,
      responses: {
        200: jsonResponse('{ detached: [itemId] }'),
        400: errorResponse('validation'),
        401: denied,
        403: outOfScope,
        404: missing,
      },
    }),
    validate('param', serialIdParam),
    validate('json', brandGroupItemsBody.onUndeclaredKey('delete')),
    async (c) => {
      await requireGroupInScope(c, id(c), false);
      for (const itemId of c.req.valid('json').itemIds) await requireRestaurantInScope(c, { menuItem: itemId });
      return c.json(await detachBrandGroup(adminCtx(c), id(c), c.req.valid('json').itemIds), 200);
    },
  );
