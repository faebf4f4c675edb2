import { and, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import {
  auditLog,
  authTokens,
  baskets,
  consentEvents,
  contactMessages,
  emailOutbox,
  orders,
  paymentNotifications,
  rateLimits,
  sessions,
  userAddresses,
  users,
} from '#db/schema/index.ts';
import { anonymisedEmail } from '#domain/accounts.ts';
import { AppError } from '#server/errors.ts';
import {
  auditOf,
  consentEventsOf,
  contactMessagesOf,
  mentions,
  ordersOf,
  outboxOf,
  rateLimitsOf,
  type DataSubject,
} from './subject.ts';

// The finished group of spec section 4: an order in any other status still needs its customer's address and phone.
const FINISHED = ['finished', 'rejected', 'canceled'];

/** What an erasure changed, in counts: what the admin is shown and the audit row keeps (no personal data). */
export type ErasureCounts = {
  orders: number;
  addresses: number;
  sessions: number;
  contactMessages: number;
  emails: number;
  auditRows: number;
  consentEvents: number;
};

/** The address an erased guest's e-mails and the outbox keep: a placeholder that names nobody. */
const ERASED_EMAIL = 'erased@erased.invalid';
const ERASED = '[erased]';

/**
 * Erases a person's personal data (GDPR art. 17) while keeping what tax law needs (decision 052): their orders keep
 * amounts, lines, dates, statuses, payments, the city and zip (the place of supply), and every column of invoice
 * data; they lose name, e-mail, phone, street and comment. Addresses, sessions, tokens, consent history, contact
 * messages and rate-limit counters go; the outbox keeps each e-mail's kind, status and dates without recipient or
 * text; audit rows keep what happened and when, with every personal value in their data replaced. An account's row
 * is left with every personal field emptied (orders point at it). Refused with activeOrders while an order is on its
 * way: the restaurant may still need to reach the customer. Runs in the caller's transaction.
 */
export async function erasePersonalData(tx: Tx, subject: DataSubject, now: Date): Promise<ErasureCounts> {
  const personal = await personalValues(tx, subject);
  const [active] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(ordersOf(subject), notInArray(orders.status, FINISHED)))
    .limit(1);
  if (active) throw new AppError('activeOrders');

  const erasedOrders = await tx
    .update(orders)
    .set({
      customer: sql`jsonb_build_object('firstname', '', 'lastname', '', 'phone', '', 'email', '')
          || jsonb_strip_nulls(jsonb_build_object('city', ${orders.customer}->'city', 'zip', ${orders.customer}->'zip'))`,
      comment: '',
    })
    .where(ordersOf(subject))
    .returning({ basketId: orders.basketId });
  const basketIds = erasedOrders.map((order) => order.basketId);
  if (basketIds.length > 0) await tx.update(baskets).set({ address: null }).where(inArray(baskets.id, basketIds));

  const counts: ErasureCounts = {
    orders: erasedOrders.length,
    addresses: 0,
    sessions: 0,
    contactMessages: (
      await tx.delete(contactMessages).where(contactMessagesOf(subject)).returning({ id: contactMessages.id })
    ).length,
    emails: 0,
    auditRows: 0,
    consentEvents: (await tx.delete(consentEvents).where(consentEventsOf(subject)).returning({ id: consentEvents.id }))
      .length,
  };

  // Every e-mail to the person, and every one naming their address or phone: kind, status and dates stay.
  const outboxMatch = or(
    outboxOf(subject),
    ...personal.rawPhones.map((phone) => mentions(sql`${emailOutbox.text}`, phone)),
  );
  counts.emails = (
    await tx
      .update(emailOutbox)
      .set({
        to: subject.userId ? anonymisedEmail(subject.userId) : ERASED_EMAIL,
        subject: ERASED,
        text: ERASED,
        html: null,
        status: sql`case when ${emailOutbox.status} = 'pending' then 'failed' else ${emailOutbox.status} end`,
        lastError: sql`case when ${emailOutbox.status} = 'pending' then 'erased before it was sent' else ${emailOutbox.lastError} end`,
      })
      .where(outboxMatch)
      .returning({ id: emailOutbox.id })
  ).length;

  counts.auditRows = await redactAudit(tx, subject, personal);
  await redactPaymentNotifications(tx, personal);
  await tx.delete(rateLimits).where(rateLimitsOf(subject));

  if (subject.userId) {
    const userId = subject.userId;
    await tx.update(baskets).set({ address: null, userId: null }).where(eq(baskets.userId, userId));
    counts.addresses = (
      await tx.delete(userAddresses).where(eq(userAddresses.userId, userId)).returning({ id: userAddresses.id })
    ).length;
    await tx.delete(authTokens).where(eq(authTokens.userId, userId));
    counts.sessions = (
      await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
    ).length;
    await tx
      .update(users)
      .set({
        email: anonymisedEmail(userId),
        // Not an argon2 hash: no password ever verifies against it.
        passwordHash: '!deleted',
        firstname: '',
        lastname: '',
        phone: null,
        marketingSms: false,
        marketingEmail: false,
        shopPolicies: false,
        restaurantPolicies: false,
        activatedAt: null,
        deletedAt: now,
      })
      .where(eq(users.id, userId));
  }
  return counts;
}

type PersonalValues = { email: string; texts: string[]; phones: string[]; rawPhones: string[] };

/** The strings that identify the person, read before they are erased: to find them in audit data and e-mails. */
async function personalValues(tx: Tx, subject: DataSubject): Promise<PersonalValues> {
  const texts = new Set<string>();
  const phones = new Set<string>();
  const rawPhones = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.trim().length >= 2) texts.add(value.trim().toLowerCase());
  };
  const addPhone = (value: unknown) => {
    if (typeof value !== 'string') return;
    const digits = value.replace(/\D/g, '');
    if (digits.length < 7) return;
    phones.add(digits.slice(-9));
    rawPhones.add(value.trim());
    add(value);
  };
  if (subject.userId) {
    const [user] = await tx
      .select({ firstname: users.firstname, lastname: users.lastname, phone: users.phone })
      .from(users)
      .where(eq(users.id, subject.userId));
    add(user?.firstname);
    add(user?.lastname);
    addPhone(user?.phone);
    for (const address of await tx
      .select({ street: userAddresses.street, fullAddress: userAddresses.fullAddress })
      .from(userAddresses)
      .where(eq(userAddresses.userId, subject.userId))) {
      add(address.street);
      add(address.fullAddress);
    }
  }
  for (const { customer } of await tx.select({ customer: orders.customer }).from(orders).where(ordersOf(subject))) {
    add(customer.firstname);
    add(customer.lastname);
    add(customer.street);
    addPhone(customer.phone);
  }
  return { email: subject.email.toLowerCase(), texts: [...texts], phones: [...phones], rawPhones: [...rawPhones] };
}

/** Replaces every string naming the person (their address, a name, street or phone they gave) in a JSON value. */
function redactor(personal: PersonalValues): (value: unknown) => unknown {
  const names = (value: string): boolean => {
    const lower = value.trim().toLowerCase();
    if (lower.includes(personal.email) || personal.texts.includes(lower)) return true;
    const digits = value.replace(/\D/g, '');
    return digits.length >= 7 && personal.phones.some((phone) => digits.endsWith(phone));
  };
  const redact = (value: unknown): unknown => {
    if (typeof value === 'string') return names(value) ? ERASED : value;
    if (Array.isArray(value)) return value.map(redact);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redact(inner)]));
    return value;
  };
  return redact;
}

/** Where a JSON column's text names the person's address or a phone they gave. */
const namesIn = (column: SQL, personal: PersonalValues): SQL =>
  or(mentions(column, personal.email), ...personal.rawPhones.map((phone) => mentions(column, phone))) as SQL;

/** Replaces, in the data of every audit row about the person, each value that names them; the rest stays. */
async function redactAudit(tx: Tx, subject: DataSubject, personal: PersonalValues): Promise<number> {
  const rows = await tx
    .select({ id: auditLog.id, data: auditLog.data })
    .from(auditLog)
    .where(or(auditOf(subject), namesIn(sql`${auditLog.data}::text`, personal)))
    .for('update');
  const redact = redactor(personal);
  let changed = 0;
  for (const row of rows) {
    const data = redact(row.data);
    if (JSON.stringify(data) === JSON.stringify(row.data)) continue;
    await tx.update(auditLog).set({ data }).where(eq(auditLog.id, row.id));
    changed += 1;
  }
  return changed;
}

/**
 * A payment provider's notification may carry the buyer (PayU's names the e-mail, names and phone): those values go,
 * the amounts, states and ids the payment records need stay.
 */
async function redactPaymentNotifications(tx: Tx, personal: PersonalValues): Promise<void> {
  const rows = await tx
    .select({ id: paymentNotifications.id, payload: paymentNotifications.payload })
    .from(paymentNotifications)
    .where(namesIn(sql`${paymentNotifications.payload}::text`, personal))
    .for('update');
  const redact = redactor(personal);
  for (const row of rows)
    await tx
      .update(paymentNotifications)
      .set({ payload: redact(row.payload) })
      .where(eq(paymentNotifications.id, row.id));
}
