import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, seedDatabase } from '#db/seed/index.ts';
import { createApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { loadTenants } from '#tenants/index.ts';
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)) as unknown as T[];
const tables = [
  'concepts',
  'locations',
  'restaurants',
  'working_hours',
  'menu_categories',
  'menu_items',
  'modifier_groups',
  'modifier_options',
  'payment_options',
  'discount_codes',
  'users',
];

describe('demo data', () => {
  it('is seeded once: seeding again changes nothing', async () => {
    const count = async () =>
      Promise.all(
        tables.map(async (t) => (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${t}`)))[0]!.n),
      );
    const before = await count();
    expect(await seedDatabase(database.db, { demo: true })).toEqual({ reference: 'skipped', demo: 'skipped' });
    expect(await count()).toEqual(before);
  });

  it('has seven brands, five or more cities in pl and ua, and ten or more restaurants', async () => {
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from concepts`))[0]!.n).toBe(7);
    const cities = await rows<{ city_slug: string; country: string }>(
      sql`select distinct city_slug, country from locations`,
    );
    expect(cities.length).toBeGreaterThanOrEqual(5);
    expect(new Set(cities.map((c) => c.country))).toEqual(new Set(['pl', 'ua']));
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from restaurants`))[0]!.n).toBeGreaterThanOrEqual(
      10,
    );
  });

  it('gives every restaurant a realistic menu', async () => {
    const menus = await rows<{
      slug: string;
      categories: number;
      items: number;
      unavailable: number;
      reset: number;
      required_groups: number;
    }>(sql`
      select r.slug,
        (select count(*)::int from menu_categories c where c.restaurant_id = r.id) as categories,
        (select count(*)::int from menu_items i where i.restaurant_id = r.id) as items,
        (select count(*)::int from menu_items i where i.restaurant_id = r.id and i.unavailable) as unavailable,
        (select count(*)::int from menu_items i where i.restaurant_id = r.id and i.reset_prices) as reset,
        (select count(*)::int from modifier_groups g join menu_items i on i.id = g.menu_item_id where i.restaurant_id = r.id and g.required) as required_groups
      from restaurants r`);
    for (const menu of menus) {
      expect(menu.categories, menu.slug).toBeGreaterThanOrEqual(5);
      expect(menu.items, menu.slug).toBeGreaterThanOrEqual(30);
      expect(menu.unavailable, menu.slug).toBeGreaterThan(0);
      expect(menu.required_groups, menu.slug).toBeGreaterThan(0);
    }
    expect(menus.some((m) => m.reset > 0)).toBe(true);
  });

  it('has a restaurant closed one day and one open past midnight', async () => {
    const closedOneDay = await rows<{ slug: string }>(
      sql`select r.slug from restaurants r where (select count(*) from working_hours h where h.restaurant_id = r.id) between 1 and 6`,
    );
    expect(closedOneDay.length).toBeGreaterThan(0);
    const pastMidnight = await rows<{ slug: string }>(
      sql`select distinct r.slug from restaurants r join working_hours h on h.restaurant_id = r.id where h."to" < h."from"`,
    );
    expect(pastMidnight.length).toBeGreaterThan(0);
  });

  it('has delivery zones, payment options per country and discount codes of every kind', async () => {
    const withoutArea = await rows(
      sql`select id from restaurants r where not exists (select from delivery_zones z where z.restaurant_id = r.id
        and (z.polygon is not null or cardinality(z.zips) > 0))`,
    );
    expect(withoutArea).toEqual([]);
    const payments = await rows<{ country: string; name: string; available_for: string[] }>(
      sql`select country, name, available_for from payment_options`,
    );
    const pl = (name: string) => payments.find((p) => p.country === 'pl' && p.name === name)?.available_for ?? [];
    // Spec section 6 (the bot channel follows web, see server/domain/country.ts).
    expect(pl('googlePay')).not.toContain('cc');
    expect(pl('fastTransfer')).not.toContain('cc');
    expect(pl('blik')).toEqual(expect.arrayContaining(['web', 'cc']));
    expect(pl('cashOnDelivery')).toEqual(['cc']);
    expect(pl('cardOnDelivery')).toEqual(['cc']);
    expect(payments.find((p) => p.country === 'ua' && p.name === 'cashOnDelivery')?.available_for).toEqual(
      expect.arrayContaining(['web', 'cc']),
    );
    const codes = await rows<{ type: string; active: boolean; left: number }>(
      sql`select type, active, quantity - used as left from discount_codes`,
    );
    expect(new Set(codes.map((c) => c.type))).toEqual(new Set(['amount', 'percentage', 'freeDelivery']));
    expect(codes.some((c) => !c.active)).toBe(true);
    expect(codes.some((c) => c.active && c.left === 1)).toBe(true);
  });

  it('has one user of each role, the kitchen roles with their kitchens', async () => {
    const roles = await rows<{ role: string }>(sql`select role from users`);
    expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'callCenter', 'kitchenManager', 'kitchenStaff', 'user']);
    const kitchens = await rows<{ email: string; slug: string }>(
      sql`select u.email, l.slug from user_kitchens k join users u on u.id = k.user_id join locations l on l.id = k.location_id order by 1, 2`,
    );
    expect(kitchens).toEqual([
      { email: 'kitchen@example.com', slug: 'warszawa-mokotow' },
      { email: 'manager@example.com', slug: 'warszawa-mokotow' },
      { email: 'manager@example.com', slug: 'warszawa-wola' },
    ]);
  });
});

describe('a production start', () => {
  let empty: TestDatabase;
  beforeAll(async () => {
    empty = await createEmptyDatabase();
  });
  afterAll(() => empty.drop());
  const count = async (table: string) =>
    ((await empty.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { n: number }[])[0]!.n;

  it('seeds the reference data and the brands, but no demo restaurants, logins or codes', async () => {
    expect(await seedDatabase(empty.db, { demo: false })).toEqual({ reference: 'seeded', demo: 'not asked' });
    expect(await count('concepts')).toBe(loadTenants().length);
    expect(await count('country_configs')).toBeGreaterThan(0);
    expect(await count('payment_options')).toBeGreaterThan(0);
    for (const table of ['users', 'discount_codes', 'restaurants', 'locations', 'menu_items'])
      expect(await count(table), table).toBe(0);
    expect(await seedDatabase(empty.db, { demo: false })).toEqual({ reference: 'skipped', demo: 'not asked' });
  });

  it('lets no demo login in', async () => {
    const app = createApp({
      db: empty.db,
      env: parseEnv({ NODE_ENV: 'test' }),
      tenants: loadTenants(),
      now: () => new Date(),
    });
    for (const user of demoUsers) {
      const response = await app.request('http://localhost/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: user.email, password: user.password }),
        headers: { host: 'localhost', 'content-type': 'application/json' },
      });
      expect(response.status, user.email).toBe(401);
    }
  });

  it('never adds demo data to a shop that has accounts of its own', async () => {
    await empty.db.execute(
      sql`insert into users (email, password_hash, role) values ('owner@shop.example', 'not-a-hash', 'admin')`,
    );
    expect(await seedDatabase(empty.db, { demo: true })).toEqual({ reference: 'skipped', demo: 'skipped' });
    expect(await count('restaurants')).toBe(0);
    expect(await count('users')).toBe(1);
  });
});
