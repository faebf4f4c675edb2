import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Every consent given or withdrawn, with its date (GDPR art. 7(1): the shop must be able to show when a person
 * agreed, and art. 15: the person sees it). users' boolean columns stay the current state; this is the history.
 * A guest's withdrawal (the unsubscribe link of an order e-mail) has no user: it names the e-mail address. A guest's
 * consents at checkout are the order's own (orders.consents, dated by the order). Erasure deletes the rows.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // Lower-cased; set when there is no account (a guest's withdrawal).
    email: text('email'),
    consent: text('consent').notNull(),
    granted: boolean('granted').notNull(),
    // registration, profile, unsubscribe (the signed link of an e-mail), admin.
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consent_events_user_idx').on(t.userId, t.at),
    index('consent_events_email_idx').on(t.email),
    check('consent_events_subject_check', sql`${t.userId} is not null or ${t.email} is not null`),
    check(
      'consent_events_consent_check',
      sql`${t.consent} in ('shopPolicies', 'restaurantPolicies', 'marketingSms', 'marketingEmail')`,
    ),
    check('consent_events_source_check', sql`${t.source} in ('registration', 'profile', 'unsubscribe', 'admin')`),
  ],
);
