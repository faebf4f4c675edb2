import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { signedInUser } from '#server/middleware/session.ts';
import type { AdminCtx } from '#server/services/admin/forms/context.ts';

/** The admin form services' context: the signed-in admin (the /api/admin guard let them in) and the moment. */
export const adminCtx = (c: Context<AppEnv>): AdminCtx => ({
  db: c.var.deps.db,
  actor: signedInUser(c),
  now: c.var.deps.now(),
});

export const adminTags = (entity: string) => [`admin: ${entity}`];
