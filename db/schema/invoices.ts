import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InvoiceLine, LegalEntity, VatSummaryRow } from '#domain/invoice.ts';
import { orders } from './orders.ts';

/**
 * A customer's request for a company invoice, made at checkout (issue 36): the buyer's data in a table of its own,
 * apart from the order's customer, so that erasing a customer's personal data can keep what the tax law keeps.
 */
export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    // Ten digits, check digit verified (server/domain/invoice.ts).
    nip: text('nip').notNull(),
    street: text('street').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('invoice_requests_nip_check', sql`${t.nip} ~ '^[0-9]{10}$'`)],
);

/**
 * The last number given in each seller's series a year. Taken with an upsert that locks the row until the issuing
 * transaction ends, so numbers follow one another without gaps (a rolled-back invoice gives its number back) or
 * duplicates (decision 051).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    entityCode: text('entity_code').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityCode, t.year] }), check('invoice_counters_last_check', sql`${t.last} >= 1`)],
);

/**
 * An issued invoice, written when its order is finished: its number and everything printed on it, as issued (the
 * seller, the buyer, the lines with their rates, the summary by rate), so that later changes to the concept or the
 * menu never change an issued invoice. The PDF and the KSeF export are made from this row.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    entityCode: text('entity_code').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    // The date of the supply: the day the order was finished, in Poland.
    saleDate: date('sale_date').notNull(),
    currency: text('currency').notNull(),
    seller: jsonb('seller').$type<LegalEntity>().notNull(),
    buyer: jsonb('buyer')
      .$type<{ companyName: string; nip: string; street: string; zip: string; city: string }>()
      .notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    summary: jsonb('summary').$type<VatSummaryRow[]>().notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_order_key').on(t.orderId),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_key').on(t.entityCode, t.year, t.sequence),
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_sequence_check', sql`${t.sequence} >= 1`),
  ],
);
