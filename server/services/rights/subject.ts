import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  auditLog,
  authTokens,
  consentEvents,
  contactMessages,
  emailOutbox,
  orders,
  rateLimits,
  users,
} from '#db/schema/index.ts';
import { notFound } from '#server/errors.ts';

/**
 * Whose data a right is exercised over (decision 052): an account (its id and its e-mail address), or a guest's e-mail
 * address, whose orders are the guest orders placed with it (an order of an account is the account's to export and
 * erase). Addresses are compared lower-cased.
 */
export type DataSubject = ({ userId: string } | { userId: null }) & {
  email: string;
  /** An account's addresses it is moving to (a pending e-mail change): the link went there. */
  otherEmails?: readonly string[];
};

/** An account as a data subject: its address, and the one a pending e-mail change sent its link to. */
export async function accountSubject(db: Db | Tx, userId: string): Promise<DataSubject> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const pending = await db
    .select({ email: authTokens.newEmail })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), isNotNull(authTokens.newEmail)));
  return { userId, email: user.email, otherEmails: pending.map((row) => normalEmail(row.email ?? '')) };
}

export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** Whether `column`'s text holds the address (strpos: the address's `_` and `%` are no wildcards). */
export const mentions = (column: SQL, email: string): SQL => sql`strpos(lower(${column}), ${normalEmail(email)}) > 0`;

/** The subject's orders: an account's own, and the ones placed with its address as a guest. */
export const ordersOf = (subject: DataSubject): SQL =>
  subject.userId
    ? (or(
        eq(orders.userId, subject.userId),
        sql`lower(${orders.customer}->>'email') = ${normalEmail(subject.email)}`,
      ) as SQL)
    : (and(isNull(orders.userId), sql`lower(${orders.customer}->>'email') = ${normalEmail(subject.email)}`) as SQL);

export const contactMessagesOf = (subject: DataSubject): SQL =>
  sql`lower(${contactMessages.email}) = ${normalEmail(subject.email)}`;

/** Outbox rows sent to the address, or whose text names it (a contact message forwarded to a brand). */
export const outboxOf = (subject: DataSubject): SQL =>
  or(
    sql`lower(${emailOutbox.to}) = ${normalEmail(subject.email)}`,
    ...(subject.otherEmails ?? []).map((email) => sql`lower(${emailOutbox.to}) = ${email}`),
    mentions(
      sql`${emailOutbox.subject} || ' ' || ${emailOutbox.text} || ' ' || coalesce(${emailOutbox.html}, '')`,
      subject.email,
    ),
  ) as SQL;

/** Audit rows about the account (its entity, or one the user caused) or whose data names the address. */
export const auditOf = (subject: DataSubject): SQL =>
  subject.userId
    ? (or(
        eq(auditLog.actorUserId, subject.userId),
        and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, subject.userId)),
        mentions(sql`${auditLog.data}::text`, subject.userId),
        mentions(sql`${auditLog.data}::text`, subject.email),
      ) as SQL)
    : mentions(sql`${auditLog.data}::text`, subject.email);

export const consentEventsOf = (subject: DataSubject): SQL =>
  subject.userId
    ? (or(eq(consentEvents.userId, subject.userId), eq(consentEvents.email, normalEmail(subject.email))) as SQL)
    : (and(isNull(consentEvents.userId), eq(consentEvents.email, normalEmail(subject.email))) as SQL);

/** Counters of attempts kept against the account or the address (login, password guesses). */
export const rateLimitsOf = (subject: DataSubject): SQL =>
  subject.userId
    ? (or(
        sql`strpos(${rateLimits.key}, ${subject.userId}) > 0`,
        mentions(sql`${rateLimits.key}`, subject.email),
      ) as SQL)
    : mentions(sql`${rateLimits.key}`, subject.email);
