import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { userBody } from '#domain/admin-forms.ts';
import { readUser, updateUser } from '#server/services/admin/forms/users.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('users');
const denied = errorResponse('Unauthorized (not an admin)');
const idParam = type({ id: 'string.uuid' });

/** Users (issue 16): show, edit data, change role, activate or deactivate; every change is audited. */
export const adminUserRoutes = new Hono<AppEnv>()
  .get(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'One user (never the password)',
      responses: { 200: jsonResponse('{ user }'), 401: denied, 404: errorResponse('notFound') },
    }),
    validate('param', idParam),
    async (c) => c.json({ user: await readUser(adminCtx(c), c.req.valid('param').id) }, 200),
  )
  .put(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: "Edit a user's data, role and active state",
      description:
        'active false ends every session of the user and login answers userDeactivated until activated again. ' +
        'An admin cannot take away their own admin role nor deactivate themselves (ownAdminRole).',
      responses: {
        200: jsonResponse('{ user }'),
        400: errorResponse('validation'),
        401: denied,
        404: errorResponse('notFound'),
        409: errorResponse('notUniqueEmail | ownAdminRole'),
      },
    }),
    validate('param', idParam),
    validate('json', userBody.onUndeclaredKey('delete')),
    async (c) => c.json({ user: await updateUser(adminCtx(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
  );
