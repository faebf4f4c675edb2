import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { discountCreateBody, discountUpdateBody, serialIdParam } from '#domain/admin-forms.ts';
import {
  createDiscountCodes,
  discountCodeChoices,
  deleteDiscountCode,
  readDiscountCode,
  updateDiscountCode,
} from '#server/services/admin/forms/discount-codes.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('discountCodes');
const denied = errorResponse('Unauthorized (not an admin)');

/** Discount codes (issue 16): one named code or a quantity of generated unique ones; every change is audited. */
export const adminDiscountCodeRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Add one code (`code`) or generate `count` unique codes (with an optional `prefix`)',
      description:
        'type percentage (value 1–100, whole percent), amount (value in minor units, above 0) or freeDelivery ' +
        '(value 0); quantity: how many times each code may be used. Its own rules (issue 38), each optional: ' +
        'validFrom and validTo (local date and time on the restaurant’s clock, YYYY-MM-DDTHH:MM, "" or null for no bound), ' +
        'minBasketValue (minor units of the eligible products, 0 for none), oncePerCustomer, firstOrderOnly, ' +
        'conceptIds, restaurantIds and categoryIds (empty for all). Generated codes share a `batch` id: the list ' +
        'filters on it and exports it to CSV.',
      responses: {
        201: jsonResponse('{ codes: [discount code] }'),
        400: errorResponse(
          'validation (value outOfRange for its type; validTo outOfRange not after validFrom; code notEmpty without code or count)',
        ),
        401: denied,
        409: errorResponse('notUniqueCode (the code is taken, in any case)'),
      },
    }),
    validate('json', discountCreateBody.onUndeclaredKey('delete')),
    async (c) => c.json({ codes: await createDiscountCodes(adminCtx(c), c.req.valid('json')) }, 201),
  )
  .get(
    '/choices',
    describeRoute({
      tags,
      security: security.session,
      summary: 'The brands, restaurants and menu categories a code may be limited to',
      responses: {
        200: jsonResponse(
          '{ concepts: [{ id, name }], restaurants: [{ id, name, city }], categories: [{ id, name, restaurant }] }',
        ),
        401: denied,
      },
    }),
    async (c) => c.json(await discountCodeChoices(adminCtx(c)), 200),
  )
  .get(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'One discount code with its usage count',
      responses: { 200: jsonResponse('{ code }'), 401: denied, 404: errorResponse('notFound') },
    }),
    validate('param', serialIdParam),
    async (c) => c.json({ code: await readDiscountCode(adminCtx(c), Number(c.req.valid('param').id)) }, 200),
  )
  .put(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Edit a discount code (the usage limit never below its uses)',
      responses: {
        200: jsonResponse('{ code }'),
        400: errorResponse(
          'validation (quantity outOfRange below the uses made; validTo outOfRange not after validFrom)',
        ),
        401: denied,
        404: errorResponse('notFound'),
        409: errorResponse('notUniqueCode'),
      },
    }),
    validate('param', serialIdParam),
    validate('json', discountUpdateBody.onUndeclaredKey('delete')),
    async (c) => {
      const code = await updateDiscountCode(adminCtx(c), Number(c.req.valid('param').id), c.req.valid('json'));
      return c.json({ code }, 200);
    },
  )
  .delete(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Delete a discount code no basket or order has used',
      responses: {
        200: jsonResponse('{ ok: true }'),
        401: denied,
        404: errorResponse('notFound'),
        409: errorResponse('inUse (used by a basket or an order: deactivate it instead)'),
      },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await deleteDiscountCode(adminCtx(c), Number(c.req.valid('param').id));
      return c.json({ ok: true }, 200);
    },
  );
