import type { Actor, SessionUser } from '#server/context.ts';

/* The actor's constants and helpers; the Actor type itself is in server/context.ts with the context it belongs to. */

/** Nobody signed in: a guest's basket and order, or a status page opened by its link alone. */
export const GUEST: Actor = { kind: 'guest' };

/** The process acting on its own: the sweeper's timeouts, a payment provider's notification. */
export const SYSTEM: Actor = { kind: 'system' };

/** Staff (the call centre) ordering for a caller, who may or may not have an account. */
export const staffActor = (user: SessionUser, customerUserId: string | null): Actor => ({
  kind: 'staff',
  user,
  customerUserId,
});

/** The actor of a shop page: the session's user for themselves, or a guest. */
export const selfActor = (user: SessionUser | null): Actor => (user ? { kind: 'customer', user } : { kind: 'guest' });

export const actorUserId = (actor: Actor): string | null =>
  actor.kind === 'customer' || actor.kind === 'staff' ? actor.user.id : null;

/** What the audit log records of an actor who is no signed-in user (a bot: which key), beside actor_user_id. */
export const actorAuditData = (actor: Actor): Record<string, unknown> =>
  actor.kind === 'bot' ? { actor: { kind: 'bot', botKeyId: actor.key.id, botKeyName: actor.key.name } } : {};
