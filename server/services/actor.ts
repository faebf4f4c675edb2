import type { SessionUser } from './auth/sessions.ts';

/**
 * Who a service acts for, decided at the edge and never read from the input: a guest, a signed-in user acting
 * for themselves (whatever their role), or staff acting for a customer (the call centre), whose orders are not
 * their own: they belong to the customer's account when the caller has one (`customerUserId`), to no account
 * otherwise, and name the staff member as their creator.
 */
export type Actor =
  | { kind: 'guest' }
  | { kind: 'customer'; user: SessionUser }
  | { kind: 'staff'; user: SessionUser; customerUserId: string | null };

/** Staff (the call centre) ordering for a caller, who may or may not have an account. */
export const staffActor = (user: SessionUser, customerUserId: string | null): Actor => ({
  kind: 'staff',
  user,
  customerUserId,
});

/** The actor of a shop page: the session's user for themselves, or a guest. */
export const selfActor = (user: SessionUser | null): Actor => (user ? { kind: 'customer', user } : { kind: 'guest' });

export const actorUserId = (actor: Actor): string | null => (actor.kind === 'guest' ? null : actor.user.id);
