import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  primaryKey,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COUNTRIES } from '#domain/money.ts';
import { USER_ROLES } from '#domain/roles.ts';
import { inList } from './checks.ts';
import { locations } from './catalogue.ts';
import { LOCALES } from '#domain/locales.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    phone: text('phone'),
    role: text('role').notNull().default('user'),
    marketingSms: boolean('marketing_sms').notNull().default(false),
    marketingEmail: boolean('marketing_email').notNull().default(false),
    shopPolicies: boolean('shop_policies').notNull().default(false),
    restaurantPolicies: boolean('restaurant_policies').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    // Set when an admin deactivated the account: its sessions end and it cannot log in until reactivated. Apart
    // from activatedAt, which the user's own activation link or a password reset sets again.
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    // The language the account's e-mails are written in (pl, en, ua): the one the user registered in.
    lang: text('lang').notNull().default('pl'),
    // Set when the account was deleted: its personal data are erased, the row stays for the orders' books.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail addresses are unique regardless of case: Jan@x.pl and jan@x.pl are one person.
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    // The call centre's lookup by phone (see orders_customer_phone_idx).
    index('users_phone_idx').on(sql`right(regexp_replace(${t.phone}, '[^0-9]', '', 'g'), 9)`),
    check('users_role_check', inList(t.role, USER_ROLES)),
    check('users_lang_check', inList(t.lang, LOCALES)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie token: a stolen database does not yield usable sessions.
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullAddress: text('full_address').notNull(),
    street: text('street').notNull(),
    streetNo: text('street_no').notNull(),
    aptNo: text('apt_no'),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_addresses_user_idx').on(t.userId),
    check('user_addresses_country_check', inList(t.country, COUNTRIES)),
    // At most one default address per user, whatever two requests do at once.
    uniqueIndex('user_addresses_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    // SHA-256 of the token sent by e-mail (account activation, password reset, e-mail change).
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    // emailChange only: the address the link was sent to, which becomes the account's when it is followed.
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId),
    check('auth_tokens_purpose_check', sql`${t.purpose} in ('activation', 'passwordReset', 'emailChange')`),
  ],
);

/** The kitchens (locations) a kitchenStaff or kitchenManager account works in: it sees their orders only. */
export const userKitchens = pgTable(
  'user_kitchens',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] }), index('user_kitchens_location_idx').on(t.locationId)],
);
