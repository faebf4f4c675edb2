import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { basketItems, locations, rateLimits, userKitchens, users } from '#db/schema/index.ts';
import { hashPassword } from '#server/auth/password.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { makeBasket, placeOrder } from '../helpers/orders.ts';

/**
 * The roles, and `otherKitchen`: a kitchen manager of another kitchen (kyiv-podil) than the one the table's order,
 * board and restaurant 1 are cooked in (warszawa-mokotow), whose kitchenStaff and kitchenManager work there.
 */
type Role = 'guest' | 'user' | 'callCenter' | 'kitchenStaff' | 'kitchenManager' | 'otherKitchen' | 'admin';
type Row = {
  method: string;
  route: string;
  path?: string;
  body?: unknown;
  headers?: Record<string, string>;
  basket?: boolean;
  note?: string;
  expect: Record<Role, number>;
};

const table = JSON.parse(readFileSync(new URL('./authorization.json', import.meta.url), 'utf8')) as { routes: Row[] };
const ROLES: Role[] = ['guest', 'user', 'callCenter', 'kitchenStaff', 'kitchenManager', 'otherKitchen', 'admin'];
const PASSWORD = 'table-password-1';
const ctx = useTestApp();
let passwordHash: string;

beforeEach(async () => {
  passwordHash ??= await hashPassword(PASSWORD);
  // A Wednesday noon in Warsaw: the seeded restaurants are open, so basket calls can succeed.
  ctx.setNow(new Date('2026-03-04T11:00:00Z'));
});

/** The kitchen each kitchen column works in: the table's order's (warszawa-mokotow), or another one. */
async function kitchenOf(role: Role): Promise<number | null> {
  if (role !== 'kitchenStaff' && role !== 'kitchenManager' && role !== 'otherKitchen') return null;
  const slug = role === 'otherKitchen' ? 'kyiv-podil' : 'warszawa-mokotow';
  const [location] = await ctx.database.db.select({ id: locations.id }).from(locations).where(eq(locations.slug, slug));
  return location!.id;
}

/** A fresh activated account per call, so a call that logs out or deletes the account spoils no other row. */
async function caller(role: Exclude<Role, 'guest'>) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email: `${role}-${crypto.randomUUID()}@example.com`,
      passwordHash,
      role: role === 'otherKitchen' ? 'kitchenManager' : role,
      firstname: 'Test',
      lastname: role,
      activatedAt: new Date(),
    })
    .returning({ id: users.id });
  const kitchen = await kitchenOf(role);
  if (kitchen !== null) await ctx.database.db.insert(userKitchens).values({ userId: user!.id, locationId: kitchen });
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user!.id });
  return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
}

const routeKey = (method: string, path: string) => `${method} ${path}`;

describe('authorization table', () => {
  it('lists every registered /api route, and nothing that is not one', () => {
    const registered = new Set(
      ctx.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api'))
        .map((r) => routeKey(r.method, r.path)),
    );
    const listed = table.routes.map((r) => routeKey(r.method, r.route));
    expect(new Set(listed).size, 'a route is listed twice').toBe(listed.length);
    expect(
      [...registered].filter((key) => !listed.includes(key)),
      'routes missing from authorization.json',
    ).toEqual([]);
    expect(
      listed.filter((key) => !registered.has(key)),
      'listed routes that no longer exist',
    ).toEqual([]);
  });

  it('answers each role the status the table names, for every route', async () => {
    const db = ctx.database.db;
    const { menuItemId } = await makeBasket(db);
    // One order of one customer: the 'user' column of a row naming {order} is that customer.
    const owner = await caller('user');
    const ownBasket = await makeBasket(db, { userId: owner.id, deliveryMethod: 'pickup' });
    const placed = await placeOrder(
      ctx,
      ownBasket.basketId,
      {
        firstname: 'Jan',
        lastname: 'Kowalski',
        phone: '600 700 800',
        email: 'jan@example.com',
        consents: { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true },
        paymentMethod: 'blik',
        blikCode: '123456',
      },
      crypto.randomUUID(),
      { cookie: owner.cookie },
    );
    expect(placed.status).toBe(201);
    const orderId = ((await placed.json()) as { order: { id: string } }).order.id;

    const mismatches: string[] = [];
    for (const row of table.routes) {
      for (const role of ROLES) {
        // Seven callers from one test address would meet the per-address limits (register, contact…) before the
        // table's last columns: each call starts with fresh counters, so the table says who may, not how often.
        await db.delete(rateLimits);
        const usesOrder = (row.path ?? '').includes('{order}');
        const who = role === 'guest' ? null : role === 'user' && usesOrder ? owner : await caller(role);
        const cookies = who ? [who.cookie] : [];
        let basketItem = '0';
        if (row.basket) {
          const basket = await makeBasket(db, { userId: who?.id, quantity: 1 });
          cookies.push(`basket=${basket.basketId}`);
          const [line] = await db
            .select({ id: basketItems.id })
            .from(basketItems)
            .where(eq(basketItems.basketId, basket.basketId));
          basketItem = String(line!.id);
        }
        let address: string = crypto.randomUUID();
        if (who && (row.path ?? '').includes('{address}')) {
          const added = await request(ctx, '/api/account/addresses', {
            method: 'POST',
            body: JSON.stringify({ street: 'Prosta', streetNo: '1', city: 'Warszawa', zip: '00-850', country: 'pl' }),
            headers: { 'content-type': 'application/json', cookie: who.cookie },
          });
          address = ((await added.json()) as { address: { id: string } }).address.id;
        }
        const fill = (text: string) =>
          text
            .replaceAll('{unique}', crypto.randomUUID())
            .replaceAll('{password}', PASSWORD)
            .replaceAll('{address}', address)
            .replaceAll('{basketItem}', basketItem)
            .replaceAll('{order}', orderId)
            .replaceAll('"{menuItem}"', String(menuItemId));
        // What a browser on our own page sends with every call that is not a GET (the CSRF check reads it).
        const headers: Record<string, string> = {
          ...(row.method === 'GET' ? {} : { origin: 'http://localhost' }),
          ...(row.headers ?? {}),
        };
        for (const [name, value] of Object.entries(headers)) headers[name] = fill(value);
        if (cookies.length) headers.cookie = cookies.join('; ');
        if (row.body !== undefined) headers['content-type'] = 'application/json';
        const response = await request(ctx, fill(row.path ?? row.route), {
          method: row.method,
          headers,
          ...(row.body !== undefined ? { body: fill(JSON.stringify(row.body)) } : {}),
        });
        if (response.status !== row.expect[role]) {
          mismatches.push(
            `${row.method} ${row.route} as ${role}: ${response.status} (table: ${row.expect[role]}) ${(await response.text()).slice(0, 200)}`,
          );
        } else {
          await response.body?.cancel();
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Some 900 requests, each by a fresh account: more than the API project's 30 s on a busy shared machine.
  }, 180_000);
});

describe('the staff prefixes are guarded before any route exists under them', () => {
  it('answers 401 to guests and to roles that may not, and passes the right role on (404: nothing there yet)', async () => {
    const expected: Record<string, Record<Role, number>> = {
      '/api/admin/anything': {
        guest: 401,
        user: 401,
        callCenter: 401,
        kitchenStaff: 401,
        kitchenManager: 401,
        otherKitchen: 401,
        admin: 404,
      },
      '/api/cc/anything': {
        guest: 401,
        user: 401,
        callCenter: 404,
        kitchenStaff: 401,
        kitchenManager: 401,
        otherKitchen: 401,
        admin: 404,
      },
    };
    for (const [path, statuses] of Object.entries(expected)) {
      for (const role of ROLES) {
        const who = role === 'guest' ? null : await caller(role);
        const response = await request(ctx, path, { headers: who ? { cookie: who.cookie } : {} });
        expect(response.status, `${path} as ${role}`).toBe(statuses[role]);
        expect(await response.json()).toEqual({
          requestId: expect.any(String),
          error: statuses[role] === 401 ? 'Unauthorized' : 'notFound',
        });
      }
    }
  });
});
