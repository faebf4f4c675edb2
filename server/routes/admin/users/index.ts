import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { userCreateBody, userUpdateBody } from '#domain/admin-forms.ts';
import {
  inviteUser,
  readUser,
  sendPasswordReset,
  updateUser,
  userChoices,
} from '#server/services/admin/forms/users.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('users');
const denied = errorResponse('Unauthorized (not an admin)');
const idParam = type({ id: 'string.uuid' });

/**
 * Users (issues 16 and 37): add a staff account by invitation, show, edit data, role and kitchens, activate or
 * deactivate, send a password reset; every change is audited.
 */
export const adminUserRoutes = new Hono<AppEnv>()
  .get(
    '/choices',
    describeRoute({
      tags,
      security: security.session,
      summary: 'The kitchens (locations, not deleted) a kitchen account may work in, for the user forms',
      responses: { 200: jsonResponse('{ kitchens: [{ id, name, city }] }'), 401: denied },
    }),
    async (c) => c.json(await userChoices(adminCtx(c)), 200),
  )
  .post(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Add a staff account and e-mail it an invitation to set its password, in the account’s language',
      description:
        'The account has no password and is not activated until the invitee sets one from the link (a password ' +
        'reset link valid for 7 days). A kitchen role needs at least one kitchen (kitchens: notEmpty).',
      responses: {
        201: jsonResponse('{ user }'),
        400: errorResponse('validation, details: { <field>: <rule> } (kitchens: notEmpty | notFound)'),
        401: denied,
        409: errorResponse('notUniqueEmail'),
      },
    }),
    validate('json', userCreateBody.onUndeclaredKey('delete')),
    async (c) => {
      const user = await inviteUser(adminCtx(c), c.req.valid('json'));
      return c.json({ user }, 201);
    },
  )
  .get(
    '/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'One user (never the password) with their kitchens',
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
      summary: "Edit a user's data, role, active state and kitchens",
      description:
        'Only a change of active changes the account’s state: false ends every session of the user and login ' +
        'answers userDeactivated until activated again; an account not yet activated stays so when saved with ' +
        'active false. kitchens (left out: unchanged) are written for a kitchen role, which needs at least one. ' +
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
    validate('json', userUpdateBody.onUndeclaredKey('delete')),
    async (c) => c.json({ user: await updateUser(adminCtx(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .post(
    '/:id/passwordReset',
    describeRoute({
      tags,
      security: security.session,
      summary: 'E-mail the user a password reset link (one hour, single use) in the account’s language',
      responses: { 200: jsonResponse('{ ok: true }'), 401: denied, 404: errorResponse('notFound') },
    }),
    validate('param', idParam),
    async (c) => {
      await sendPasswordReset(adminCtx(c), c.req.valid('param').id);
      return c.json({ ok: true }, 200);
    },
  );
