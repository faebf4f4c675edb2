import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '#db/client.ts';
import {
  auditLog,
  botKeys,
  invoiceRequests,
  locations,
  orders,
  paymentNotifications,
  userKitchens,
  users,
} from '#db/schema/index.ts';
import { insertUser } from '#db/seed/factories.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, settle } from '../helpers/orders.ts';

const ctx = useTestApp({ TRUST_PROXY: '1' });
// A Wednesday noon in Warsaw: the seeded restaurants are open and take every payment method.
const NOON = new Date('2026-03-04T11:00:00Z');
beforeEach(() => ctx.setNow(NOON));

/**
 * Columns that may still name an erased person because tax law keeps them (invoice data: the buyer on an invoice).
 * None: the buyer on an invoice request and an invoice is a company (tests below show it is kept and exported).
 */
const KEPT_FOR_TAX: readonly string[] = [];

/** The company a customer asks an invoice for (a business's data: none of the person's own). */
const OFFICE = {
  companyName: 'Biuro Zielona Sp. z o.o.',
  nip: '5252812349',
  street: 'ul. Złota 44',
  zip: '00-120',
  city: 'Warszawa',
};

/** Tables whose address columns are a business's, never a person's (a brand's contact address). */
const BUSINESS_ADDRESSES: Record<string, string> = { concepts: 'contact_email: the brand team’s address' };

const send = (method: string, path: string, body?: unknown, cookie?: string) =>
  request(ctx, path, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost',
      'x-forwarded-for': '192.0.2.7',
      ...(cookie ? { cookie } : {}),
    },
  });
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

type Person = { firstname: string; lastname: string; email: string; phone: string; street: string; password: string };
const gwidonia: Person = {
  firstname: 'Gwidonia',
  lastname: 'Przybyłowska',
  email: 'Gwidonia.P@example.com',
  phone: '601 234 567',
  street: 'Jaśminowa Zaułkowa',
  password: 'gwidonia-password-1',
};
const teodor: Person = {
  firstname: 'Teodoryk',
  lastname: 'Wierzbięta',
  email: 'teodoryk@example.com',
  phone: '602 345 678',
  street: 'Kalinowa Boczna',
  password: 'teodoryk-password-1',
};

/** Every table of the schema with its text-like columns (text, varchar, uuid, json, jsonb). */
async function textColumns(db: Db): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'uuid', 'json', 'jsonb', 'ARRAY')
    order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return tables;
}

/**
 * The tables that can hold a person: a column referencing users, one named like an e-mail address, or a text column
 * with an address in it (a recipient, a payload).
 */
async function personalTables(db: Db): Promise<Set<string>> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name ~ 'email'
    union
    select tc.table_name from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
    where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users'`,
  );
  const tables = new Set(['users', ...rows.map((row) => row.table_name)]);
  for (const [table, columns] of await textColumns(db)) {
    const any = sql.raw(columns.map((column) => `"${column}"::text ~ '[^@\\s]+@[^@\\s]+\\.'`).join(' or '));
    const [row] = await queryRows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(table)} where ${any}) as found`,
    );
    if (row?.found) tables.add(table);
  }
  return tables;
}

/** How many rows of each table have a text-like column (any of them, whole or part) containing one of `needles`. */
async function rowsMentioning(db: Db, needles: string[], skip: readonly string[] = []) {
  const counts: Record<string, number> = {};
  for (const [table, columns] of await textColumns(db)) {
    const searched = columns.filter((column) => !skip.includes(`${table}.${column}`));
    if (searched.length === 0) continue;
    const text = sql.raw(`lower(concat_ws(' ', ${searched.map((column) => `"${column}"::text`).join(', ')}))`);
    const any = sql.join(
      needles.map((needle) => sql`strpos(${text}, ${needle.toLowerCase()}) > 0`),
      sql` or `,
    );
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table)} where ${any}`,
    );
    if (row && row.count > 0) counts[table] = row.count;
  }
  return counts;
}

/** A customer with a row in every table that can hold one: the shop's own paths where there are, else inserted. */
async function customerEverywhere(person: Person) {
  const db = ctx.database.db;
  const user = await insertUser(db, { ...person, role: 'user' });
  const cookie = cookieOf(await send('POST', '/api/auth/login', { email: person.email, password: person.password }));
  expect(cookie).toMatch(/^sid=/);
  expect((await send('PATCH', '/api/account', { marketingEmail: true, marketingSms: true }, cookie)).status).toBe(200);
  const address = { street: person.street, streetNo: '7', city: 'Warszawa', zip: '02-512', country: 'pl' };
  expect((await send('POST', '/api/account/addresses', address, cookie)).status).toBe(201);
  // A token (the e-mail change link) and its e-mail; a wrong password counted against the account.
  const newEmail = `new-${person.email}`;
  expect((await send('POST', '/api/account/email', { newEmail, password: person.password }, cookie)).status).toBe(202);
  expect((await send('DELETE', '/api/account', { password: 'not-it' }, cookie)).status).toBe(400);
  const basket = await makeBasket(db, { userId: user.id, deliveryMethod: 'door2door' });
  const placed = await placeOrder(
    ctx,
    basket.basketId,
    {
      firstname: person.firstname,
      lastname: person.lastname,
      phone: person.phone,
      email: person.email,
      street: person.street,
      streetNo: '7',
      city: 'Warszawa',
      zip: basket.zip,
      comment: `Dzwonić: ${person.phone}`,
      consents: { ...allConsents, marketingEmail: true },
      paymentMethod: 'blik',
      blikCode: '123456',
      // A company invoice asked for: the buyer's data is the books', and stays through erasure (decision 051).
      invoice: OFFICE,
    },
    crypto.randomUUID(),
    { cookie },
  );
  expect(placed.status).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: string } }).order.id;
  await settle(ctx);
  await db.update(orders).set({ status: 'finished' }).where(eq(orders.id, orderId));
  const contact = {
    name: `${person.firstname} ${person.lastname}`,
    email: person.email,
    message: 'Pytanie o alergeny',
    terms: true,
    concept: 'pasta-fresca',
  };
  expect((await send('POST', '/api/contact', contact)).status).toBeLessThan(300);
  // What a staff account leaves: a kitchen, a bot key, an admin's audit row about the account.
  const [location] = await db.select({ id: locations.id }).from(locations).limit(1);
  await db.insert(userKitchens).values({ userId: user.id, locationId: location!.id });
  await db
    .insert(botKeys)
    .values({ name: 'k', keyHash: crypto.randomUUID(), prefix: 'mkb_x', createdByUserId: user.id });
  // A provider's notification naming the buyer, as PayU's does.
  await db.insert(paymentNotifications).values({
    id: `payu-${crypto.randomUUID()}`,
    provider: 'payu',
    payload: {
      order: {
        totalAmount: '5000',
        buyer: { email: person.email, phone: person.phone, firstName: person.firstname, lastName: person.lastname },
      },
    },
  });
  await db.insert(auditLog).values({
    action: 'user.updated',
    entity: 'user',
    entityId: user.id,
    data: { email: person.email, phone: person.phone, name: person.firstname },
  });
  return { user, cookie, orderId };
}

describe('my data, downloaded', () => {
  it('holds every row of every table that names me, and none of anyone else’s', async () => {
    const me = await customerEverywhere(gwidonia);
    const other = await customerEverywhere(teodor);
    const response = await request(ctx, '/api/account/data', { headers: { cookie: me.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const text = await response.text();
    const document = JSON.parse(text) as { data: Record<string, unknown[]> };

    const db = ctx.database.db;
    const mentioning = await rowsMentioning(db, [me.user.id, gwidonia.email]);
    const tables = await personalTables(db);
    for (const table of [...tables].filter((name) => !(name in BUSINESS_ADDRESSES))) {
      // A table that can hold a person and has no row of the fixture's customer: the fixture must make one, and
      // the export cover it.
      expect(mentioning[table] ?? 0, `no row names the customer in ${table}`).toBeGreaterThan(0);
    }
    for (const [table, count] of Object.entries(mentioning)) {
      expect(document.data[table], `the export has no ${table}`).toBeDefined();
      expect(document.data[table], table).toHaveLength(count);
    }
    // The orders come with their lines and consents.
    const [order] = document.data['orders'] as { id: string; lines: unknown[]; consents: Record<string, boolean> }[];
    expect(order!.id).toBe(me.orderId);
    expect(order!.lines.length).toBeGreaterThan(0);
    expect(order!.consents['marketingEmail']).toBe(true);
    expect(order).toMatchObject({ invoiceRequest: { companyName: OFFICE.companyName, nip: OFFICE.nip } });
    const consents = document.data['consent_events'] as { consent: string; granted: boolean; at: string }[];
    expect(consents).toContainEqual(
      expect.objectContaining({ consent: 'marketingEmail', granted: true, source: 'profile', at: expect.any(String) }),
    );

    for (const value of [other.user.id, teodor.email, teodor.firstname, teodor.lastname, teodor.street, teodor.phone])
      expect(text.toLowerCase()).not.toContain(value.toLowerCase());
    // No secrets: the password hash, session ids, token hashes.
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.user.id));
    expect(text).not.toContain(row!.hash);
    expect(text).not.toContain('passwordHash');
  });

  it('is for the signed-in customer only', async () => {
    expect((await request(ctx, '/api/account/data')).status).toBe(401);
  });
});

describe('deleting my account erases me everywhere', () => {
  it('leaves no e-mail, phone, name or street of mine in any table, keeps the order’s amounts and the others', async () => {
    const me = await customerEverywhere(gwidonia);
    await customerEverywhere(teodor);
    const db = ctx.database.db;
    const [before] = await db.select().from(orders).where(eq(orders.id, me.orderId));
    const needles = [gwidonia.email, gwidonia.phone, gwidonia.firstname, gwidonia.lastname, gwidonia.street];
    expect(Object.keys(await rowsMentioning(db, needles)).length).toBeGreaterThan(5);

    const deleted = await send('DELETE', '/api/account', { password: gwidonia.password }, me.cookie);
    expect(deleted.status).toBe(200);

    expect(await rowsMentioning(db, [...needles, '601234567'], KEPT_FOR_TAX)).toEqual({});
    // The books keep the order: amounts, dates, status, the city.
    const [after] = await db.select().from(orders).where(eq(orders.id, me.orderId));
    expect(after).toMatchObject({
      total: before!.total,
      value: before!.value,
      status: 'finished',
      createdAt: before!.createdAt,
      userId: me.user.id,
    });
    // The invoice request is the books' too: the company, its tax number and address stay.
    const [invoice] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, me.orderId));
    expect(invoice).toMatchObject({ companyName: OFFICE.companyName, nip: OFFICE.nip, street: OFFICE.street });
    expect(after!.customer).toEqual({
      firstname: '',
      lastname: '',
      phone: '',
      email: '',
      city: 'Warszawa',
      zip: before!.customer.zip,
    });
    // The other customer is untouched.
    const theirs = await rowsMentioning(db, [teodor.email, teodor.street]);
    expect(theirs['orders']).toBe(1);
    expect(theirs['user_addresses']).toBe(1);
  });
});
