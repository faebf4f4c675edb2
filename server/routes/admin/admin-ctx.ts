import type { Context } from 'hono';
import type { AppEnv, ServiceCtx } from '#server/context.ts';
import { signedInUser } from '#server/middleware/session.ts';
import { selfActor } from '#server/services/actor.ts';

/**
 * The admin form services' context: the signed-in admin (the /api/admin guard let them in) acting for themselves,
 * and the request's moment, read once, so that a change and its audit row carry the same time.
 */
export const adminCtx = (c: Context<AppEnv>): ServiceCtx<'db' | 'env'> => {
  const moment = c.var.deps.now();
  return { db: c.var.deps.db, env: c.var.deps.env, now: () => moment, actor: selfActor(signedInUser(c)) };
};

export const adminTags = (entity: string) => [`admin: ${entity}`];
