import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { locations, orders, restaurants, users } from '#db/schema/index.ts';
import type { Country } from '#domain/country.ts';
import { countryOf, type Currency } from '#domain/money.ts';
import { phoneLookupKey } from '#domain/phone-lookup.ts';
import { validationError } from '#server/errors.ts';
import type { ServiceCtx } from '#server/context.ts';
import { listAddresses, type SavedAddress } from '../addresses/list.ts';

/** An address a caller was delivered to, or saved in their account: what the new-order form can be filled with. */
export type KnownAddress = {
  street: string;
  streetNo: string;
  aptNo: string | null;
  city: string;
  zip: string;
  country: Country;
};

export type CustomerAccount = {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  addresses: SavedAddress[];
};

export type EarlierOrder = {
  id: string;
  displayId: string;
  status: string;
  source: string;
  createdAt: string;
  restaurant: { slug: string; name: string };
  country: Country;
  currency: Currency;
  total: number;
  customer: (typeof orders.$inferSelect)['customer'];
  /** The account the order belongs to, if any. */
  userId: string | null;
};

export type CustomerLookup = {
  accounts: CustomerAccount[];
  orders: EarlierOrder[];
  /** Every distinct address of the earlier orders and the accounts, the most recent first. */
  addresses: KnownAddress[];
};

const ORDERS_SHOWN = 10;
const ACCOUNTS_SHOWN = 5;

const addressKey = (a: KnownAddress) =>
  [a.country, a.zip, a.city, a.street, a.streetNo, a.aptNo ?? ''].map((p) => p.trim().toLowerCase()).join('|');

/**
 * The call centre's lookup of a caller by phone (issue 16): the accounts with that number (not deleted), their
 * saved addresses, and the latest orders placed with it, by anyone on any channel, with the addresses they went to.
 * The number matches however it was typed (phoneLookupKey: its last nine digits, an indexed expression).
 * validation { phone: 'isValidPhoneNo' } when fewer than nine digits are given.
 */
export async function findCustomer(
  ctx: Pick<ServiceCtx<'db'>, 'db'>,
  input: { phone: string },
): Promise<CustomerLookup> {
  const key = phoneLookupKey(input.phone);
  if (!key) throw validationError({ phone: 'isValidPhoneNo' });
  const { db } = ctx;
  const [accountRows, orderRows] = await Promise.all([
    db
      .select({
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        phone: users.phone,
      })
      .from(users)
      .where(and(sql`right(regexp_replace(${users.phone}, '[^0-9]', '', 'g'), 9) = ${key}`, isNull(users.deletedAt)))
      .orderBy(desc(users.createdAt))
      .limit(ACCOUNTS_SHOWN),
    db
      .select({
        id: orders.id,
        displayId: orders.displayId,
        status: orders.status,
        source: orders.source,
        createdAt: orders.createdAt,
        restaurantSlug: restaurants.slug,
        restaurantName: restaurants.name,
        country: locations.country,
        currency: orders.currency,
        total: orders.total,
        customer: orders.customer,
        userId: orders.userId,
      })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .where(sql`right(regexp_replace(${orders.customer}->>'phone', '[^0-9]', '', 'g'), 9) = ${key}`)
      .orderBy(desc(orders.createdAt))
      .limit(ORDERS_SHOWN),
  ]);
  const accounts = await Promise.all(
    accountRows.map(async (a) => ({ ...a, addresses: await listAddresses({ db }, { userId: a.id }) })),
  );
  const earlier: EarlierOrder[] = orderRows.map((o) => {
    const currency = o.currency as Currency;
    return {
      id: o.id,
      displayId: o.displayId,
      status: o.status,
      source: o.source,
      createdAt: o.createdAt.toISOString(),
      restaurant: { slug: o.restaurantSlug, name: o.restaurantName },
      country: countryOf(o.country),
      currency,
      total: o.total,
      customer: o.customer,
      userId: o.userId,
    };
  });

  const addresses = new Map<string, KnownAddress>();
  for (const o of earlier) {
    const c = o.customer;
    if (!c.street || !c.streetNo || !c.city || !c.zip) continue;
    const address = { street: c.street, streetNo: c.streetNo, aptNo: c.aptNo ?? null, city: c.city, zip: c.zip };
    const known = { ...address, country: o.country };
    if (!addresses.has(addressKey(known))) addresses.set(addressKey(known), known);
  }
  for (const a of accounts.flatMap((account) => account.addresses)) {
    const known = {
      street: a.street,
      streetNo: a.streetNo,
      aptNo: a.aptNo,
      city: a.city,
      zip: a.zip,
      country: countryOf(a.country),
    };
    if (!addresses.has(addressKey(known))) addresses.set(addressKey(known), known);
  }
  return { accounts, orders: earlier, addresses: [...addresses.values()] };
}
