import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDiscountCode, insertUser } from '#db/seed/factories.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The database itself refuses what a shop must never hold, whatever the code above it does. */
describe('constraints', () => {
  // 23514 check_violation, 23505 unique_violation: refused by a constraint, not by a typo in the test.
  const rejects = async (statement: ReturnType<typeof sql>) => {
    const error = await database.db.execute(statement).then(
      () => null,
      (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
    );
    expect(['23514', '23505']).toContain(error);
  };

  it('keeps e-mail addresses unique regardless of case', async () => {
    await insertUser(database.db, { email: 'Case@Example.com', password: 'x-password-1' });
    await expect(insertUser(database.db, { email: 'case@example.com', password: 'x-password-1' })).rejects.toThrow();
  });

  it('keeps discount codes unique regardless of case and never used more than their quantity', async () => {
    await insertDiscountCode(database.db, { code: 'Unique1', type: 'amount', value: 100, quantity: 1 });
    await expect(
      insertDiscountCode(database.db, { code: 'UNIQUE1', type: 'amount', value: 100, quantity: 1 }),
    ).rejects.toThrow();
    await rejects(sql`update discount_codes set used = 2 where code = 'Unique1'`);
    await expect(
      insertDiscountCode(database.db, { code: 'PCT', type: 'percentage', value: 120, quantity: 1 }),
    ).rejects.toThrow();
  });

  it('refuses negative money, unknown enumerations and bad hours', async () => {
    await rejects(sql`update menu_items set price = -1 where id = (select min(id) from menu_items)`);
    await rejects(sql`update restaurants set delivery_value = -5 where id = (select min(id) from restaurants)`);
    await rejects(sql`update locations set country = 'de' where id = (select min(id) from locations)`);
    await rejects(sql`update users set role = 'root' where id = (select id from users limit 1)`);
    await rejects(sql`insert into baskets (delivery_method) values ('drone')`);
    await rejects(
      sql`update working_hours set day = 7 where restaurant_id = (select min(restaurant_id) from working_hours)`,
    );
    await rejects(
      sql`update working_hours set "from" = '25:00' where restaurant_id = (select min(restaurant_id) from working_hours)`,
    );
    await rejects(sql`update modifier_groups set min = 3, max = 2 where id = (select min(id) from modifier_groups)`);
  });

  it("takes '24:00' as the end of a day, and only as its end", async () => {
    const first = sql`(select min(restaurant_id) from working_hours)`;
    await database.db.execute(
      sql`update working_hours set "from" = '00:00', "to" = '24:00' where restaurant_id = ${first}`,
    );
    await rejects(sql`update working_hours set "from" = '24:00' where restaurant_id = ${first}`);
    await rejects(sql`update working_hours set "to" = '24:30' where restaurant_id = ${first}`);
    await rejects(sql`update working_hours set "to" = '24:00:00' where restaurant_id = ${first}`);
  });

  it('refuses an order status outside the spec list', async () => {
    const basket = await database.db.execute<{ id: string }>(sql`insert into baskets default values returning id`);
    const id = (basket as unknown as { id: string }[])[0]!.id;
    await rejects(sql`insert into orders (basket_id, display_id, status, delivery_type, payment_method, payment_type, restaurant_id, currency, value, delivery_costs, discount_value, service_fee, extra_fee, total, customer, consents, access_token_hash)
      values (${id}, 'abcde', 'lost', 'pickup', 'blik', 'online', (select min(id) from restaurants), 'PLN', 0, 0, 0, 0, 0, 0, '{}', '{}', 'x')`);
  });

  it('refuses an order language outside pl, en and ua', async () => {
    const basket = await database.db.execute<{ id: string }>(sql`insert into baskets default values returning id`);
    const id = (basket as unknown as { id: string }[])[0]!.id;
    await rejects(sql`insert into orders (basket_id, display_id, status, delivery_type, payment_method, payment_type, restaurant_id, currency, value, delivery_costs, discount_value, service_fee, extra_fee, total, customer, consents, access_token_hash, lang)
      values (${id}, 'abcde', 'new', 'pickup', 'blik', 'online', (select min(id) from restaurants), 'PLN', 0, 0, 0, 0, 0, 0, '{}', '{}', 'x', 'de')`);
  });
});
