import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  auditLog,
  authTokens,
  baskets,
  botKeys,
  consentEvents,
  contactMessages,
  emailOutbox,
  invoiceRequests,
  invoices,
  orderItemMods,
  orderItems,
  orders,
  paymentNotifications,
  payments,
  rateLimits,
  sessions,
  userAddresses,
  userKitchens,
  users,
} from '#db/schema/index.ts';
import { hideLinkTokens } from '../accounts/emails.ts';
import { profileColumns } from '../accounts/get-profile.ts';
import { addressColumns } from '../addresses/list.ts';
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

/**
 * Everything the shop holds about a person (GDPR art. 15 and 20), as one JSON document whose `data` has one list per
 * table, named as the table is (tests/api/data-rights.test.ts checks that every table with a row naming the person is
 * here, row for row). Secrets are left out: password and token hashes, session ids, order access tokens, bot key
 * hashes. A guest's export (by e-mail) holds their guest orders, contact messages, e-mails and withdrawals.
 */
export async function exportPersonalData({ db, now }: { db: Db; now: () => Date }, subject: DataSubject) {
  const data: Record<string, unknown[]> = {};
  if (subject.userId) Object.assign(data, await accountTables(db, subject.userId, subject.email));
  data['orders'] = await ordersWithLines(db, subject);
  data['contact_messages'] = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      brand: contactMessages.conceptSlug,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(contactMessagesOf(subject))
    .orderBy(asc(contactMessages.createdAt));
  if (!subject.userId)
    data['rate_limits'] = await db
      .select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(rateLimitsOf(subject));
  data['consent_events'] = await db
    .select({
      consent: consentEvents.consent,
      granted: consentEvents.granted,
      source: consentEvents.source,
      at: consentEvents.at,
    })
    .from(consentEvents)
    .where(consentEventsOf(subject))
    .orderBy(asc(consentEvents.at), asc(consentEvents.id));
  data['email_outbox'] = (
    await db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        template: emailOutbox.template,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(outboxOf(subject))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
  ).map((row) => ({ ...row, text: hideLinkTokens(row.text) }));
  data['audit_log'] = await db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      byYou: sql<boolean>`${auditLog.actorUserId} is not distinct from ${subject.userId}::uuid`,
      // What a staff member did to other people's records is theirs, not this person's: only its kind is shown.
      data: sql<unknown>`case when ${auditLog.actorUserId} is not distinct from ${subject.userId}::uuid
        and not (${auditLog.entity} = 'user' and ${auditLog.entityId} = ${subject.userId ?? ''})
        and strpos(lower(coalesce(${auditLog.data}::text, '')), ${subject.email.toLowerCase()}) = 0
        then null else ${auditLog.data} end`,
    })
    .from(auditLog)
    .where(auditOf(subject))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  // A provider's notification that names the person (PayU's carries the buyer).
  data['payment_notifications'] = await db
    .select({
      id: paymentNotifications.id,
      provider: paymentNotifications.provider,
      payload: paymentNotifications.payload,
      receivedAt: paymentNotifications.receivedAt,
    })
    .from(paymentNotifications)
    .where(mentions(sql`${paymentNotifications.payload}::text`, subject.email));
  return {
    format: 'marketplace-personal-data/v1',
    exportedAt: now().toISOString(),
    subject: subject.userId ? { account: subject.userId, email: subject.email } : { email: subject.email },
    data,
  };
}

/** The download's file name: the shop's and the day's, never the person's. */
export const exportFileName = (exportedAt: string): string => `personal-data-${exportedAt.slice(0, 10)}.json`;

async function accountTables(db: Db, userId: string, email: string): Promise<Record<string, unknown[]>> {
  const [profile, addresses, openSessions, tokens, kitchens, ownBaskets, keys, limits] = await Promise.all([
    db
      .select({
        id: users.id,
        ...profileColumns,
        activatedAt: users.activatedAt,
        deactivatedAt: users.deactivatedAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ ...addressColumns, createdAt: userAddresses.createdAt })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(asc(userAddresses.createdAt)),
    // The session's id is the hash of the cookie's secret: only when it was opened and until when it lasts.
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({
        purpose: authTokens.purpose,
        newEmail: authTokens.newEmail,
        expiresAt: authTokens.expiresAt,
        usedAt: authTokens.usedAt,
      })
      .from(authTokens)
      .where(eq(authTokens.userId, userId))
      .orderBy(asc(authTokens.expiresAt)),
    db.select({ locationId: userKitchens.locationId }).from(userKitchens).where(eq(userKitchens.userId, userId)),
    db
      .select({
        id: baskets.id,
        status: baskets.status,
        country: baskets.country,
        restaurantId: baskets.restaurantId,
        deliveryMethod: baskets.deliveryMethod,
        address: baskets.address,
        builtForACustomer: sql<boolean>`${baskets.builtByUserId} is not null`,
        createdAt: baskets.createdAt,
        updatedAt: baskets.updatedAt,
        items: sql<unknown[]>`coalesce((select json_agg(json_build_object('menuItemId', bi.menu_item_id,
          'quantity', bi.quantity, 'optionIds', bi.option_ids) order by bi.id)
          from basket_items bi where bi.basket_id = baskets.id), '[]'::json)`,
      })
      .from(baskets)
      .where(or(eq(baskets.userId, userId), eq(baskets.builtByUserId, userId)))
      .orderBy(asc(baskets.createdAt)),
    db
      .select({
        name: botKeys.name,
        prefix: botKeys.prefix,
        createdAt: botKeys.createdAt,
        lastUsedAt: botKeys.lastUsedAt,
        revokedAt: botKeys.revokedAt,
      })
      .from(botKeys)
      .where(eq(botKeys.createdByUserId, userId)),
    // Counters of attempts kept against the account (password guesses): what they count and since when.
    db
      .select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(rateLimitsOf({ userId, email })),
  ]);
  return {
    users: profile,
    user_addresses: addresses,
    sessions: openSessions,
    auth_tokens: tokens,
    user_kitchens: kitchens,
    baskets: ownBaskets,
    bot_keys: keys,
    rate_limits: limits,
  };
}

async function ordersWithLines(db: Db, subject: DataSubject) {
  const heads = await db
    .select({
      id: orders.id,
      displayId: orders.displayId,
      status: orders.status,
      source: orders.source,
      restaurantId: orders.restaurantId,
      deliveryType: orders.deliveryType,
      paymentMethod: orders.paymentMethod,
      currency: orders.currency,
      value: orders.value,
      deliveryCosts: orders.deliveryCosts,
      discountValue: orders.discountValue,
      serviceFee: orders.serviceFee,
      extraFee: orders.extraFee,
      total: orders.total,
      discount: orders.discount,
      customer: orders.customer,
      comment: orders.comment,
      lang: orders.lang,
      consents: orders.consents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      finishedAt: orders.finishedAt,
    })
    .from(orders)
    .where(ordersOf(subject))
    .orderBy(asc(orders.createdAt));
  const ids = heads.map((order) => order.id);
  if (ids.length === 0) return [];
  const [lines, mods, paid, requested, issued] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        name: orderItems.name,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        value: orderItems.value,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
    db
      .select({
        orderItemId: orderItemMods.orderItemId,
        groupName: orderItemMods.groupName,
        name: orderItemMods.name,
        value: orderItemMods.value,
      })
      .from(orderItemMods)
      .innerJoin(orderItems, eq(orderItems.id, orderItemMods.orderItemId))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItemMods.id)),
    db
      .select({
        orderId: payments.orderId,
        provider: payments.provider,
        method: payments.method,
        status: payments.status,
        amount: payments.amount,
        currency: payments.currency,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(and(inArray(payments.orderId, ids)))
      .orderBy(asc(payments.createdAt)),
    // A company invoice asked for at checkout, and the invoice issued (decision 051): kept through erasure for tax law.
    db
      .select({
        orderId: invoiceRequests.orderId,
        companyName: invoiceRequests.companyName,
        nip: invoiceRequests.nip,
        street: invoiceRequests.street,
        zip: invoiceRequests.zip,
        city: invoiceRequests.city,
        createdAt: invoiceRequests.createdAt,
      })
      .from(invoiceRequests)
      .where(inArray(invoiceRequests.orderId, ids)),
    db
      .select({ orderId: invoices.orderId, number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(inArray(invoices.orderId, ids)),
  ]);
  return heads.map((order) => ({
    ...order,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map(({ orderId: _, ...line }) => ({
        ...line,
        options: mods.filter((mod) => mod.orderItemId === line.id).map(({ orderItemId: __, ...mod }) => mod),
      })),
    payments: paid.filter((payment) => payment.orderId === order.id).map(({ orderId: _, ...payment }) => payment),
    invoiceRequest: requested.find((request) => request.orderId === order.id) ?? null,
    invoices: issued.filter((invoice) => invoice.orderId === order.id).map(({ orderId: _, ...invoice }) => invoice),
  }));
}
