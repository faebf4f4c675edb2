import { selfActor } from '#server/services/actor.ts';
import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { signedInUser } from '#server/middleware/session.ts';
import { BOT_KEY_NAME_MAX, createBotKey } from '#server/services/admin/bot-keys/create.ts';
import { BOT_KEY_SORTS, listBotKeys } from '#server/services/admin/bot-keys/list.ts';
import { revokeBotKey } from '#server/services/admin/bot-keys/revoke.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';

const listQuery = type({
  'page?': type('string.integer.parse').to('1 <= number.integer <= 100000'),
  'status?': "'active' | 'revoked'",
  'sort?': type.enumerated(...BOT_KEY_SORTS),
  'order?': "'asc' | 'desc'",
});
const createBody = type({ name: `string <= ${BOT_KEY_NAME_MAX}` });
const idParam = type({ id: type('string.integer.parse').to('0 < number.integer < 2147483648') });

const tags = ['admin'];
const refused = { 401: errorResponse('Unauthorized: not signed in as an admin') };

/** The bot channel's API keys (decision 022): made (the key shown once), listed with their last use, revoked. */
export const adminBotKeysRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Bot keys, a page of 20: name, shown prefix, creator, created, last used, revoked (never the key)',
      responses: { 200: jsonResponse('{ rows, count }'), 400: errorResponse('validation'), ...refused },
    }),
    validate('query', listQuery),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await listBotKeys(c.var.deps, { ...query, page: query.page ?? 1 }), 200);
    },
  )
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
