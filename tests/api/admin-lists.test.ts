import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, locations, users } from '#db/schema/index.ts';
import { insertDiscountCode, insertUser } from '#db/seed/factories.ts';
import { ADMIN_LIST_PAGE_SIZE, LIST_ENTITIES } from '#domain/admin-lists.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { fillBusyYear } from '../../bench/busy-year.ts';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();
const END = new Date('2026-03-04T11:00:00Z');

type Page<Row = Record<string, unknown>> = { rows: Row[]; count: number; page: number; pageSize: number };

async function sessionOf(role: 'admin' | 'user' | 'callCenter') {
  const user = await insertUser(ctx.database.db, {
    email: `${role}-${crypto.randomUUID()}@example.com`,
    password: 'list-password-1',
    role,
    activated: true,
  });
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user.id });
  return `${SESSION_COOKIE}=${token}`;
}

let admin: string;
beforeEach(async () => {
  admin = await sessionOf('admin');
});

async function list<Row = Record<string, unknown>>(path: string, cookie = admin) {
  const response = await request(ctx, `/api/admin/${path}`, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as Page<Row> & { error?: string; details?: object } };
}

/** A busy month in miniature: orders over the 30 days before END, through the benchmark's own fill. */
async function fillOrders(orders: number) {
  const client = postgres(ctx.database.url, { max: 1, onnotice: () => {} });
  try {
    await fillBusyYear(client, { orders, end: END, days: 30 });
  } finally {
    await client.end();
  }
}

describe('admin lists: who may read them', () => {
  it('answers 401 to guests, customers and the call centre on every list', async () => {
    const customer = await sessionOf('user');
    const callCenter = await sessionOf('callCenter');
    for (const entity of LIST_ENTITIES) {
      expect((await request(ctx, `/api/admin/${entity}`)).status, entity).toBe(401);
      for (const cookie of [customer, callCenter]) {
        const { status, body } = await list(entity, cookie);
        expect(status, entity).toBe(401);
        expect(body).toEqual({ requestId: expect.any(String), error: 'Unauthorized' });
      }
    }
  });

  it('answers an admin every list as { rows, count } on page 1 by default', async () => {
    for (const entity of LIST_ENTITIES) {
      const { status, body } = await list(entity);
      expect(status, entity).toBe(200);
      expect(body.page).toBe(1);
      expect(body.pageSize).toBe(ADMIN_LIST_PAGE_SIZE);
      expect(Array.isArray(body.rows)).toBe(true);
      expect(body.count).toBeGreaterThanOrEqual(body.rows.length);
    }
  });
});

describe('admin lists: validation', () => {
  it('refuses an unknown filter, an unknown sort and malformed values, naming each parameter', async () => {
    const cases: [string, Record<string, string>][] = [
      ['orders?colour=red', { colour: 'invalid' }],
      ['orders?sort=customer', { sort: 'invalid' }],
      ['orders?sort=-name', { sort: 'invalid' }],
      ['orders?status=eaten', { status: 'invalid' }],
      ['orders?restaurant=abc', { restaurant: 'isInt' }],
      ['orders?from=2026-02-30', { from: 'invalid' }],
      ['orders?from=2026-03-02&to=2026-03-01', { to: 'outOfRange' }],
      ['orders?page=0', { page: 'outOfRange' }],
      ['orders?page=two', { page: 'isInt' }],
      ['orders?page=1&page=2', { page: 'invalid' }],
      ['concepts?active=yes', { active: 'invalid' }],
      // A filter of another list is not one of this list's.
      ['concepts?status=new', { status: 'invalid' }],
      [`users?q=${'x'.repeat(101)}`, { q: 'tooLong' }],
    ];
    for (const [path, details] of cases) {
      const { status, body } = await list(path);
      expect(status, path).toBe(400);
      expect(body, path).toEqual({ requestId: expect.any(String), error: 'validation', details });
    }
  });

  it('treats an empty filter (a form field left blank) as no filter', async () => {
    const all = await list('concepts');
    const blank = await list('concepts?q=&country=&active=');
    expect(blank.status).toBe(200);
    expect(blank.body.count).toBe(all.body.count);
  });
});

describe('admin lists: the catalogue', () => {
  it('lists concepts sorted by name either way, filtered by country and text', async () => {
    const { body } = await list<{ name: string; country: string; restaurants: number }>('concepts');
    expect(body.count).toBe(7);
    const names = body.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const reversed = await list<{ name: string }>('concepts?sort=-name');
    expect(reversed.body.rows.map((r) => r.name)).toEqual([...names].reverse());
    // Each brand's own restaurants: Pasta Fresca cooks in Mokotów, Gdańsk and Kyiv; Green Bowl in Poznań only.
    const counted = Object.fromEntries(body.rows.map((r) => [r.name, r.restaurants]));
    expect(counted).toMatchObject({ 'Pasta Fresca': 3, 'Pierogi Babci': 3, 'Green Bowl': 1 });
    const ua = await list<{ country: string }>('concepts?country=ua');
    expect(ua.body.count).toBe(ua.body.rows.length);
    expect(ua.body.rows.every((r) => r.country === 'ua')).toBe(true);
    const pasta = await list<{ slug: string }>('concepts?q=PASTA');
    expect(pasta.body.rows.map((r) => r.slug)).toContain('pasta-fresca');
  });

  it('leaves soft-deleted locations out unless asked for', async () => {
    const before = await list<{ id: number }>('locations');
    const [gone] = await ctx.database.db
      .update(locations)
      .set({ deleted: true })
      .where(eq(locations.id, before.body.rows[0]!.id))
      .returning({ id: locations.id });
    const after = await list<{ id: number }>('locations');
    expect(after.body.count).toBe(before.body.count - 1);
    expect(after.body.rows.map((r) => r.id)).not.toContain(gone!.id);
    const only = await list<{ id: number; deleted: boolean }>('locations?deleted=only');
    expect(only.body.rows).toEqual([expect.objectContaining({ id: gone!.id, deleted: true })]);
    expect((await list('locations?deleted=include')).body.count).toBe(before.body.count);
  });

  it('lists restaurants with their concept, filtered by concept', async () => {
    const { body: concepts } = await list<{ id: number; restaurants: number }>('concepts');
    const concept = concepts.rows.find((c) => c.restaurants > 0)!;
    const { body } = await list<{ conceptId: number; concept: string; city: string }>(
      `restaurants?concept=${concept.id}`,
    );
    expect(body.count).toBe(concept.restaurants);
    expect(body.rows.every((r) => r.conceptId === concept.id && r.concept && r.city)).toBe(true);
  });

  it('pages discount codes: a fixed page size, the rest on the next page, the same count on each', async () => {
    for (let i = 0; i < ADMIN_LIST_PAGE_SIZE + 3; i += 1)
      await insertDiscountCode(ctx.database.db, { code: `PAGE${i}`, type: 'amount', value: 500, quantity: 1 });
    const first = await list<{ code: string }>('discountCodes?q=page&sort=code');
    const second = await list<{ code: string }>('discountCodes?q=page&sort=code&page=2');
    expect(first.body.count).toBe(ADMIN_LIST_PAGE_SIZE + 3);
    expect(second.body.count).toBe(ADMIN_LIST_PAGE_SIZE + 3);
    expect(first.body.rows).toHaveLength(ADMIN_LIST_PAGE_SIZE);
    expect(second.body.rows).toHaveLength(3);
    const codes = [...first.body.rows, ...second.body.rows].map((r) => r.code);
    expect(new Set(codes).size).toBe(ADMIN_LIST_PAGE_SIZE + 3);
    expect(codes).toEqual([...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const beyond = await list('discountCodes?q=page&page=3');
    expect(beyond.body).toMatchObject({ rows: [], count: ADMIN_LIST_PAGE_SIZE + 3 });
  });
});

describe('admin lists: people', () => {
  it('lists users by role, leaving deleted accounts out unless asked for', async () => {
    const staff = await list<{ role: string }>('users?role=admin');
    expect(staff.body.rows.every((r) => r.role === 'admin')).toBe(true);
    expect(staff.body.count).toBeGreaterThanOrEqual(2);
    const [gone] = await ctx.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.email, 'user@example.com'))
      .returning({ id: users.id });
    const { body } = await list<{ id: string }>('users?q=user@example');
    expect(body.rows.map((r) => r.id)).not.toContain(gone!.id);
    const deleted = await list<{ id: string }>('users?deleted=only');
    expect(deleted.body.rows.map((r) => r.id)).toEqual([gone!.id]);
  });

  it('lists customers only, with their order count and last order, most recent buyer first', async () => {
    await fillOrders(12);
    const [buyer] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'user@example.com'));
    await ctx.database.db.execute(
      sql`update orders set user_id = ${buyer!.id} where id in (select id from orders order by created_at desc limit 3)`,
    );
    const { body } = await list<{ email: string; orders: number; lastOrderAt: string | null }>('clients');
    expect(body.rows[0]).toMatchObject({ email: 'user@example.com', orders: 3 });
    expect(body.rows[0]!.lastOrderAt).toBeTruthy();
    const emails = body.rows.map((r) => r.email);
    expect(emails).not.toContain('admin@example.com');
    expect(emails).not.toContain('callcenter@example.com');
    const buyers = await list('clients?hasOrders=true');
    expect(buyers.body.count).toBe(1);
    const byCount = await list<{ orders: number }>('clients?sort=-orders');
    expect(byCount.body.rows[0]!.orders).toBe(3);
  });
});

describe('admin lists: orders and money', () => {
  it('filters orders by status and sorts them by time or total, paging without repeats', async () => {
    await fillOrders(60);
    const { body: all } = await list<{ createdAt: string }>('orders');
    expect(all.count).toBe(60);
    const times = all.rows.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const [{ finished }] = (await ctx.database.db.execute(
      sql`select count(*)::int as finished from orders where status = 'finished'`,
    )) as unknown as [{ finished: number }];
    const first = await list<{ id: string; status: string; total: number; currency: string }>(
      'orders?status=finished&sort=total',
    );
    const second = await list<{ id: string; status: string; total: number }>(
      'orders?status=finished&sort=total&page=2',
    );
    expect(first.body.count).toBe(finished);
    const rows = [...first.body.rows, ...second.body.rows];
    expect(rows.every((r) => r.status === 'finished')).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const totals = rows.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(first.body.rows[0]).toMatchObject({ currency: expect.stringMatching(/^(PLN|UAH)$/) });
  });

  it('finds an order by the number its customer reads out, and by restaurant and day', async () => {
    await fillOrders(30);
    const { body } = await list<{ id: string; displayId: string; restaurantId: number; createdAt: string }>('orders');
    const one = body.rows[4]!;
    const found = await list<{ id: string }>(`orders?q=${one.displayId.toUpperCase()}`);
    expect(found.body.rows.map((r) => r.id)).toContain(one.id);
    expect((await list<{ id: string }>(`orders?q=${one.id}`)).body.rows.map((r) => r.id)).toEqual([one.id]);
    const here = await list<{ restaurantId: number }>(`orders?restaurant=${one.restaurantId}`);
    expect(here.body.count).toBeGreaterThan(0);
    expect(here.body.rows.every((r) => r.restaurantId === one.restaurantId)).toBe(true);
    const day = new Date(one.createdAt).toLocaleDateString('sv', { timeZone: 'Europe/Warsaw' });
    const thatDay = await list<{ id: string; createdAt: string }>(`orders?from=${day}&to=${day}`);
    expect(thatDay.body.rows.map((r) => r.id)).toContain(one.id);
    for (const row of thatDay.body.rows)
      expect(new Date(row.createdAt).toLocaleDateString('sv', { timeZone: 'Europe/Warsaw' })).toBe(day);
  });

  it('sums sold orders (reached the restaurant, not rejected or canceled) per day and currency, in minor units', async () => {
    await fillOrders(60);
    const { body } = await list<{ day: string; currency: string; orders: number; total: number; value: number }>(
      'sales',
    );
    const [expected] = (await ctx.database.db.execute(
      sql`select count(*)::int as orders, sum(total)::int as total from orders
          where status in ('new', 'processing', 'waiting_for_courier', 'waiting_for_pickup', 'ready_for_pickup', 'finished')`,
    )) as unknown as [{ orders: number; total: number }];
    const everyDay = [body.rows];
    for (let page = 2; (page - 1) * ADMIN_LIST_PAGE_SIZE < body.count; page += 1)
      everyDay.push((await list<(typeof body.rows)[number]>(`sales?page=${page}`)).body.rows);
    const rows = everyDay.flat();
    expect(rows).toHaveLength(body.count);
    expect(rows.reduce((n, r) => n + r.orders, 0)).toBe(expected!.orders);
    expect(rows.reduce((n, r) => n + r.total, 0)).toBe(expected!.total);
    expect(rows.every((r) => Number.isInteger(r.total) && r.total >= r.value)).toBe(true);
    const days = rows.map((r) => r.day);
    expect(days).toEqual([...days].sort().reverse());
    const pln = await list<{ currency: string }>('sales?currency=PLN');
    expect(pln.body.rows.every((r) => r.currency === 'PLN')).toBe(true);
  });

  it('lists baskets with the order made from them, and filters them by status', async () => {
    await fillOrders(5);
    const created = await list<{ status: string; orderDisplayId: string | null }>('baskets?status=created');
    expect(created.body.count).toBe(5);
    expect(created.body.rows.every((r) => r.status === 'created' && r.orderDisplayId)).toBe(true);
    // Each basket's own lines: two put into one of them.
    const [held] = (await ctx.database.db.execute(
      sql`select id from baskets where status = 'created' order by id limit 1`,
    )) as unknown as [{ id: string }];
    await ctx.database.db.execute(
      sql`insert into basket_items (basket_id, menu_item_id, quantity, option_ids)
          select ${held!.id}::uuid, id, 1, '{}' from menu_items order by id limit 2`,
    );
    const listed = await list<{ id: string; lines: number }>('baskets?status=created');
    expect(listed.body.rows.find((r) => r.id === held!.id)?.lines).toBe(2);
  });

  it('lists payments with their order, filtered by status', async () => {
    await fillOrders(3);
    const [order] = (await ctx.database.db.execute(sql`select id, total, currency from orders limit 1`)) as unknown as [
      { id: string; total: number; currency: string },
    ];
    await ctx.database.db.execute(
      sql`insert into payments (order_id, provider, method, status, amount, currency)
          values (${order!.id}, 'sandbox', 'blik', 'paid', ${order!.total}, ${order!.currency})`,
    );
    const paid = await list<{ orderId: string; amount: number; currency: string }>('payments?status=paid');
    expect(paid.body.rows).toEqual([
      expect.objectContaining({ orderId: order!.id, amount: order!.total, currency: order!.currency }),
    ]);
    expect((await list('payments?status=failed')).body.count).toBe(0);
  });

  it('lists the outbox, waiting e-mails filtered apart from sent ones', async () => {
    await ctx.database.db.insert(emailOutbox).values([
      { to: 'a@example.com', subject: 'Witaj', text: 't', template: 'activation' },
      { to: 'b@example.com', subject: 'Zamówienie', text: 't', template: 'order', status: 'sent', sentAt: END },
    ]);
    const pending = await list<{ to: string; status: string }>('outbox?status=pending');
    expect(pending.body.rows.map((r) => r.to)).toEqual(['a@example.com']);
    const found = await list<{ to: string }>('outbox?q=zamów');
    expect(found.body.rows.map((r) => r.to)).toEqual(['b@example.com']);
  });
});
