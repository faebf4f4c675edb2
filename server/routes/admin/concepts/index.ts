import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { conceptBody, serialIdParam } from '#domain/admin-forms.ts';
import { createConcept, deleteConcept, readConcept, updateConcept } from '#server/services/admin/forms/concepts.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('concepts');
const denied = errorResponse('Unauthorized (not an admin)');

/** Add, show, edit and soft-delete a concept (issue 16); every change is in the audit log. */
export const adminConceptRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Add a concept',
      responses: {
        201: jsonResponse('{ concept }'),
        400: errorResponse('validation, details: { <field>: <rule> }'),
        401: denied,
        409: errorResponse('notUniqueSlug (slug or domain taken)'),
      },
    }),
    validate('json', conceptBody.onUndeclaredKey('delete')),
    async (c) => c.json({ concept: await createConcept(adminCtx(c), c.req.valid('json')) }, 201),
  )
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
      summary: 'Edit a concept (every field)',
      responses: {
        200: jsonResponse('{ concept }'),
        400: errorResponse('validation'),
        401: denied,
        404: errorResponse('notFound'),
        409: errorResponse('notUniqueSlug'),
      },
    }),
    validate('param', serialIdParam),
    validate('json', conceptBody.onUndeclaredKey('delete')),
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
