import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { locations, orders, restaurants } from '#db/schema/index.ts';
import { countryOf, type Currency } from '#domain/money.ts';
import { FOLLOW_UP_DAYS, FOLLOW_UP_RESULTS, orderSearchOf } from '#domain/order-search.ts';
import type { Country } from '#domain/country.ts';
import type { ServiceCtx } from '#server/context.ts';
import { AppError } from '#server/errors.ts';

type FoundOrder = {
  id: string;
  displayId: string;
  status: string;
  createdAt: string;
  restaurant: { slug: string; name: string };
  country: Country;
  customerName: string;
  currency: Currency;
  total: number;
};

/** The start of the call centre's window: orders placed before it are not theirs to follow up. */
export const followUpSince = (now: Date): Date => new Date(now.getTime() - FOLLOW_UP_DAYS * 24 * 60 * 60_000);

/**
 * The call centre's search for a caller's order (issue 37): by the phone number or e-mail address the order was
 * placed with, or by its number, among the orders of the last FOLLOW_UP_DAYS days, newest first. The phone matches
 * as the caller lookup does (its last nine digits, the indexed expression); an e-mail whatever its case.
 * orderSearchQuery (400) when the query is none of the three.
 */
export async function searchOrders(
  { db, now }: ServiceCtx<'db' | 'now'>,
  input: { query: string },
): Promise<FoundOrder[]> {
  const search = orderSearchOf(input.query);
  if (!search) throw new AppError('orderSearchQuery');
  const match =
    search.by === 'phone'
      ? sql`right(regexp_replace(${orders.customer}->>'phone', '[^0-9]', '', 'g'), 9) = ${search.key}`
      : search.by === 'email'
        ? sql`lower(${orders.customer}->>'email') = ${search.email}`
        : eq(orders.displayId, search.displayId);
  const rows = await db
    .select({
      id: orders.id,
      displayId: orders.displayId,
      status: orders.status,
      createdAt: orders.createdAt,
      restaurantSlug: restaurants.slug,
      restaurantName: restaurants.name,
      country: locations.country,
      customer: orders.customer,
      currency: orders.currency,
      total: orders.total,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(and(match, gte(orders.createdAt, followUpSince(now()))))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(FOLLOW_UP_RESULTS);
  return rows.map((row) => ({
    id: row.id,
    displayId: row.displayId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    restaurant: { slug: row.restaurantSlug, name: row.restaurantName },
    country: countryOf(row.country),
    customerName: `${row.customer.firstname} ${row.customer.lastname}`.trim(),
    currency: row.currency as Currency,
    total: row.total,
  }));
}
