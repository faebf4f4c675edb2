import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '#db/client.ts';
import { userKitchens, users } from '#db/schema/index.ts';
import { minutesWaiting } from '#domain/kitchen-alarms.ts';
import type { AppDeps } from '#server/context.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { recordAudit } from './bookkeeping.ts';
import { escalationEmail } from './escalation-email.ts';
import { announceOrderChange, transactionAnnouncing } from './events.ts';

type Escalated = {
  id: string;
  displayId: string;
  restaurantName: string;
  restaurantSlug: string;
  restaurantPhone: string | null;
  locationId: number;
  /** When the order reached the kitchen and when it will be rejected, in epoch milliseconds. */
  reachedMs: number;
  deadlineMs: number;
};

/**
 * Escalates every order still new `restaurants.escalation_minutes` after it reached its kitchen (its acceptance window
 * opened: accept_deadline minus the window) and not escalated yet: escalated_at is set, and the kitchen's managers get
 * an e-mail, in the same transaction, so the e-mail exists exactly when the escalation does. An order past its
 * deadline is left to the rejection that follows (too late to phone anyone).
 *
 * Several server processes sweep at once: the orders are taken FOR UPDATE SKIP LOCKED and the update keeps
 * `escalated_at is null`, so each order is escalated, and its managers mailed, once.
 */
export async function escalateWaitingOrders(deps: Pick<AppDeps, 'db' | 'env' | 'now'>, batch = 100): Promise<number> {
  const now = deps.now();
  const at = now.toISOString();
  let total = 0;
  for (;;) {
    const count = await transactionAnnouncing(deps.db as Db, async (tx) => {
      const escalated = await queryRows<Escalated>(
        tx,
        sql`with due as (
            select o.id from orders o join restaurants r on r.id = o.restaurant_id
            where o.status = 'new' and o.escalated_at is null
              and o.accept_deadline > ${at}::timestamptz
              and o.accept_deadline - make_interval(mins => r.acceptance_minutes - r.escalation_minutes)
                <= ${at}::timestamptz
            order by o.accept_deadline
            limit ${batch}
            for update of o skip locked
          )
          update orders o set escalated_at = ${at}::timestamptz
          from due, restaurants r
          where o.id = due.id and r.id = o.restaurant_id and o.escalated_at is null
          returning o.id, o.display_id as "displayId", r.name as "restaurantName", r.slug as "restaurantSlug",
            r.phone as "restaurantPhone", r.location_id as "locationId",
            (extract(epoch from o.accept_deadline - make_interval(mins => r.acceptance_minutes)) * 1000)::float8
              as "reachedMs",
            (extract(epoch from o.accept_deadline) * 1000)::float8 as "deadlineMs"`,
      );
      for (const order of escalated) await notifyManagers(tx, deps, order, now);
      return escalated.length;
    });
    total += count;
    if (count < batch) return total;
  }
}

/**
 * E-mails the managers of the order's kitchen (kitchenManager accounts of its location), each in their account's
 * language. A kitchen with no manager (or none active) escalates to the admins instead: an escalation must reach
 * somebody who can act on it.
 */
async function notifyManagers(tx: Tx, deps: Pick<AppDeps, 'env'>, order: Escalated, now: Date): Promise<void> {
  const person = { email: users.email, firstname: users.firstname, lastname: users.lastname, lang: users.lang };
  const live = and(isNull(users.deactivatedAt), isNull(users.deletedAt));
  let recipients = await tx
    .select(person)
    .from(users)
    .innerJoin(userKitchens, eq(userKitchens.userId, users.id))
    .where(and(eq(userKitchens.locationId, order.locationId), eq(users.role, 'kitchenManager'), live));
  if (recipients.length === 0) {
    recipients = await tx
      .select(person)
      .from(users)
      .where(and(eq(users.role, 'admin'), live));
  }
  const waited = minutesWaiting(new Date(order.reachedMs), now);
  const left = Math.max(0, Math.ceil((order.deadlineMs - now.getTime()) / 60_000));
  for (const recipient of recipients) {
    await enqueueEmail(
      tx,
      escalationEmail(deps.env, {
        to: recipient.email,
        name: `${recipient.firstname} ${recipient.lastname}`.trim(),
        lang: recipient.lang,
        order: { displayId: order.displayId, id: order.id },
        restaurant: { name: order.restaurantName, slug: order.restaurantSlug, phone: order.restaurantPhone },
        minutesWaiting: waited,
        minutesLeft: left,
      }),
    );
  }
  await recordAudit(tx, {
    at: now,
    actorUserId: null,
    action: 'order.escalated',
    entity: 'order',
    entityId: order.id,
    data: { minutesWaiting: waited, recipients: recipients.map((r) => r.email) },
  });
  await announceOrderChange(tx, order.id);
}
