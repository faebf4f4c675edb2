import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { conceptBody, serialIdParam } from '#domain/admin-forms.ts';
import { deleteConcept, readConcept, updateConcept } from '#server/services/admin/forms/concepts.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('concepts');
const denied = errorResponse('Unauthorized (not an admin)');

/**
 * Show, edit and soft-delete a concept (issue 16); every change is in the audit log. A concept is added by adding
 * its folder to tenants/ (decision 043): the next start loads it, inactive.
 */
export const adminConceptRoutes = new Hono<AppEnv>()
  .get(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'One concept with every field',
      responses: { 200: jsonResponse('{ concept }'), 401: denied, 404: errorResponse('notFound') },
    }),
    validate('param', serialIdParam),
    async (c) => c.json({ concept: await readConcept(adminCtx(c), Number(c.req.valid('param').id)) }, 200),
  )
  .put(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary:
        "Edit what operators run of a concept: active, showOnCompanyPortfolio, defaultRestaurantSlug (one of its restaurants). The brand's texts, pictures, links and domain come from tenants/<slug>/tenant.json: naming one answers validation with editedInTenantConfig for it",
      responses: {
        200: jsonResponse('{ concept }'),
        400: errorResponse('validation, details: { <field>: editedInTenantConfig | notFound | notEmpty | <rule> }'),
        401: denied,
        404: errorResponse('notFound'),
      },
    }),
    validate('param', serialIdParam),
    validate('json', conceptBody),
    async (c) => {
      const concept = await updateConcept(adminCtx(c), Number(c.req.valid('param').id), c.req.valid('json'));
      return c.json({ concept }, 200);
    },
  )
  .delete(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Delete a concept (soft: it leaves the shop and its brand site; its orders stay)',
      responses: { 200: jsonResponse('{ ok: true }'), 401: denied, 404: errorResponse('notFound') },
    }),
    validate('param', serialIdParam),
    async (c) => {
      await deleteConcept(adminCtx(c), Number(c.req.valid('param').id));
      return c.json({ ok: true }, 200);
    },
  );
