import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import {
  concepts,
  invoiceCounters,
  invoiceRequests,
  invoices,
  locations,
  orderItems,
  orders,
  restaurants,
} from '#db/schema/index.ts';
import {
  invoiceLines,
  invoiceNumber,
  POLISH_VAT_RATES,
  polishDate,
  vatSummary,
  type VatRate,
} from '#domain/invoice.ts';
import { stripEmoji } from '#domain/orders.ts';

export type Issued = { id: number; number: string };

const asRate = (rate: number | null): VatRate =>
  (POLISH_VAT_RATES as readonly number[]).includes(rate ?? -1) ? (rate as VatRate) : 8;

/**
 * Issues the company invoice of an order that asked for one, in the caller's transaction (the order's move to
 * finished): the next number of its seller's series for the year, taken from invoice_counters with an upsert whose
 * row lock holds until the transaction ends, so concurrent issues queue, and a rollback gives its number back
 * (no gaps, no duplicates; decision 051). Everything printed is copied into the invoice row. Nothing for an order
 * without a request, in Ukraine, or whose concept names no seller; an order issued already keeps its invoice.
 */
export async function issueInvoiceInTx(tx: Tx, orderId: string, now: Date): Promise<Issued | null> {
  const [row] = await tx
    .select({
      request: invoiceRequests,
      currency: orders.currency,
      deliveryCosts: orders.deliveryCosts,
      serviceFee: orders.serviceFee,
      extraFee: orders.extraFee,
      discountValue: orders.discountValue,
      finishedAt: orders.finishedAt,
      seller: concepts.legalEntity,
      country: locations.country,
      issued: { id: invoices.id, number: invoices.number },
    })
    .from(invoiceRequests)
    .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(eq(invoiceRequests.orderId, orderId));
  if (!row || row.country !== 'pl' || !row.seller) return null;
  if (row.issued?.id != null) return { id: row.issued.id, number: row.issued.number };

  const items = await tx
    .select({
      name: orderItems.name,
      quantity: orderItems.quantity,
      value: orderItems.value,
      vatRate: orderItems.vatRate,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const lines = invoiceLines({
    lines: items.map((item) => ({ ...item, name: stripEmoji(item.name), vatRate: asRate(item.vatRate) })),
    deliveryCosts: row.deliveryCosts,
    serviceFee: row.serviceFee,
    extraFee: row.extraFee,
    discountValue: row.discountValue,
  });
  const { rows, total } = vatSummary(lines);
  const issuedOn = polishDate(now);
  const saleDate = polishDate(row.finishedAt ?? now).date;
  const seller = row.seller;

  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ entityCode: seller.code, year: issuedOn.year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.entityCode, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!counter) throw new Error('the invoice counter answered no row');
  const sequence = counter.last;
  const number = invoiceNumber(seller.code, issuedOn.year, sequence);
  const { orderId: _order, createdAt: _created, ...buyer } = row.request;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId,
      entityCode: seller.code,
      year: issuedOn.year,
      sequence,
      number,
      issuedAt: now,
      saleDate,
      currency: row.currency,
      seller,
      buyer,
      lines,
      summary: rows,
      net: total.net,
      vat: total.vat,
      gross: total.gross,
    })
    .returning({ id: invoices.id, number: invoices.number });
  if (!invoice) throw new Error(`order ${orderId}: the invoice was not written`);
  return invoice;
}
