import type { SessionUser } from './auth/sessions.ts';

/** A bot channel key, as the edge authenticated it (server/services/bot/authenticate.ts). */
export type BotKeyRef = { id: number; name: string };

/**
 * Who a service acts for, decided at the edge and never read from the input: a guest, a signed-in user acting
 * for themselves (whatever their role), staff acting for a customer (the call centre), whose orders are not
 * their own: they belong to the customer's account when the caller has one (`customerUserId`), to no account
 * otherwise, and name the staff member as their creator; or a bot calling with its API key, for a customer who has
 * no account with us; or the system itself (the sweeper's timeouts, a payment provider's notification), which is
 * nobody's session.
 */
export type Actor =
  | { kind: 'guest' }
  | { kind: 'customer'; user: SessionUser }
  | { kind: 'staff'; user: SessionUser; customerUserId: string | null }
  | { kind: 'bot'; key: BotKeyRef }
  | { kind: 'system' };

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
