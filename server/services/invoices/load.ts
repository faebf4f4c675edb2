import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { invoices, orders } from '#db/schema/index.ts';
import { polishDate } from '#domain/invoice.ts';
import type { Lang } from '../orders/access-token.ts';

export type StoredInvoice = typeof invoices.$inferSelect & {
  displayId: string;
  /** The order's language (its e-mails' and its invoice's words); null when the caller named none. */
  lang: Lang | null;
  /** The date of issue in Poland. */
  issuedOn: string;
  paymentMethod: string;
  /** When it was paid, in Poland: online when the payment came in, on delivery when the order was finished. */
  paidOn: string;
};

const columns = {
  invoice: invoices,
  displayId: orders.displayId,
  lang: orders.lang,
  paymentMethod: orders.paymentMethod,
  paidAt: orders.paidAt,
};

type Row = {
  invoice: typeof invoices.$inferSelect;
  displayId: string;
  lang: string | null;
  paymentMethod: string;
  paidAt: Date | null;
};

const stored = (row: Row): StoredInvoice => ({
  ...row.invoice,
  displayId: row.displayId,
  lang: row.lang as Lang | null,
  issuedOn: polishDate(row.invoice.issuedAt).date,
  paymentMethod: row.paymentMethod,
  paidOn: row.paidAt ? polishDate(row.paidAt).date : row.invoice.saleDate,
});

/** The invoice issued for an order, or null (none asked for, or the order is not finished yet). */
export async function loadOrderInvoice(db: Db | Tx, orderId: string): Promise<StoredInvoice | null> {
  const [row] = await db
    .select(columns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.orderId, orderId));
  return row ? stored(row) : null;
}

/** The invoices issued from `from` (inclusive) to `to` (exclusive), by seller series and number. */
export async function loadInvoicesIssued(db: Db | Tx, period: { from: Date; to: Date }): Promise<StoredInvoice[]> {
  const rows = await db
    .select(columns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(gte(invoices.issuedAt, period.from), lt(invoices.issuedAt, period.to)))
    .orderBy(asc(invoices.entityCode), asc(invoices.year), asc(invoices.sequence));
  return rows.map(stored);
}
