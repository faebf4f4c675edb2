import { selfActor } from '#server/services/actor.ts';
import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { signedInUser } from '#server/middleware/session.ts';
import { BOT_KEY_NAME_MAX, createBotKey } from '#server/services/admin/bot-keys/create.ts';
import { revokeBotKey } from '#server/services/admin/bot-keys/revoke.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';

const createBody = type({ name: `string <= ${BOT_KEY_NAME_MAX}` });
const idParam = type({ id: type('string.integer.parse').to('0 < number.integer < 2147483648') });

const tags = ['admin'];
const refused = { 401: errorResponse('Unauthorized: not signed in as an admin') };

/**
 * The bot channel's API keys (decision 022): made (the key shown once) and revoked; the generic admin list
 * (GET /api/admin/botKeys) lists them with their last use.
 */
export const adminBotKeysRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Make a bot key; the answer is the only place the key is ever shown',
      responses: {
        201: jsonResponse('{ key, botKey }'),
        400: errorResponse('validation (name: notEmpty, tooLong)'),
        ...refused,
      },
    }),
    validate('json', createBody),
    async (c) => {
      const { db, now } = c.var.deps;
      const created = await createBotKey({ db, now, actor: selfActor(signedInUser(c)) }, c.req.valid('json'));
      return c.json(created, 201);
    },
  )
  .post(
    '/:id/revoke',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Revoke a bot key: the bot calling with it is refused from now on',
      responses: { 200: jsonResponse('{ botKey }'), 404: errorResponse('notFound'), ...refused },
    }),
    validate('param', idParam),
    async (c) => {
      const { db, now } = c.var.deps;
      const botKey = await revokeBotKey({ db, now, actor: selfActor(signedInUser(c)) }, c.req.valid('param').id);
      return c.json({ botKey }, 200);
    },
  );
