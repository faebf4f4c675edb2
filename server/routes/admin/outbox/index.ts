import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { serialIdParam } from '#domain/admin-forms.ts';
import { readOutboxEmail } from '#server/services/admin/forms/outbox.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

/** The outbox (issue 16): read one e-mail, sent or waiting. */
export const adminOutboxRoutes = new Hono<AppEnv>().get(
  '/:id',
  describeRoute({
    tags: adminTags('outbox'),
    security: security.session,
    summary: 'One e-mail of the outbox: recipient, subject, text and HTML, status, attempts, last error',
    responses: {
      200: jsonResponse('{ email }'),
      401: errorResponse('Unauthorized (not an admin)'),
      404: errorResponse('notFound'),
    },
  }),
  validate('param', serialIdParam),
  async (c) => c.json({ email: await readOutboxEmail(adminCtx(c), Number(c.req.valid('param').id)) }, 200),
);
