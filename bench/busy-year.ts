import type postgres from 'postgres';

/** What a busy year of orders looks like (issue 16's benchmark): counts, time span, and how the orders ended. */
export type BusyYearOptions = {
  /** How many orders; the benchmark uses 500,000. */
  orders: number;
  /** The moment the year ends (the newest order is a little before it). */
  end: Date;
  /** How far back the orders go; 365 days by default. */
  days?: number;
  /** Seeds PostgreSQL's random() so that two fills of the same database are the same data. */
  seed?: number;
};

/**
 * Fills the database with a busy year of orders across every restaurant, in SQL (generate_series, not the API):
 * each order with its basket (created), spread evenly over the days before `end` at random times, a few percent
 * rejected or canceled and the rest finished, except those of the last hour, still new or being prepared. Money
 * in minor units of each restaurant's currency. Guests' orders: no accounts, no lines, no payments (the admin
 * lists and the dashboard read the orders' own columns). Ends with VACUUM ANALYZE, as autovacuum would after such
 * a load, so the planner knows the table and index-only scans can skip the heap.
 * Shared by bench/admin.ts and the dashboard's benchmark; the API tests run it on a few hundred orders.
 */
export async function fillBusyYear(sql: postgres.Sql, options: BusyYearOptions): Promise<{ orders: number }> {
  const days = options.days ?? 365;
  const inserted = await sql.begin(async (tx) => {
    // The rows reference what they are made from, so the foreign-key triggers (most of a plain insert's time)
    // are skipped for this transaction; that needs a superuser, which the benchmark's and tests' servers give.
    await tx`set local session_replication_role = replica`;
    await tx`select setseed(${(options.seed ?? 0.42) % 1})`;
    const [row] = await tx<{ inserted: number }[]>`
    with kitchens as (
      select r.id, l.country, c.currency, r.delivery_value,
             (row_number() over (order by r.id) - 1)::int as n, count(*) over ()::int as of
      from restaurants r
      join locations l on l.id = r.location_id
      join country_configs c on c.country = l.country
    ),
    drawn as (
      select i, gen_random_uuid() as basket_id,
             ${options.end}::timestamptz - (i::float8 / ${options.orders}::int) * ${days}::int * interval '1 day'
               - random() * interval '1 hour' as at,
             random() as fate, random() as how, (1500 + random() * 18000)::int as value
      from generate_series(1, ${options.orders}::int) as i
    ),
    placed as (
      select d.*, k.id as restaurant_id, k.country, k.currency,
             case when d.how < 0.2 then 'pickup' else 'door2door' end as delivery_type,
             case when d.how < 0.2 then 0 else k.delivery_value end as delivery_costs,
             case when d.how < 0.35 then 'blik' when d.how < 0.55 then 'cardOnDelivery' else 'cashOnDelivery' end
               as payment_method,
             case
               when d.at > ${options.end}::timestamptz - interval '20 minutes' then 'new'
               when d.at > ${options.end}::timestamptz - interval '1 hour' then 'processing'
               when d.fate < 0.04 then 'rejected'
               when d.fate < 0.07 then 'canceled'
               else 'finished'
             end as status
      from drawn d join kitchens k on k.n = d.i % k.of
    ),
    baskets_made as (
      insert into baskets (id, status, country, restaurant_id, delivery_method, created_at, updated_at)
      select basket_id, 'created', country, restaurant_id, delivery_type, at, at from placed
      returning id
    ),
    orders_made as (
      insert into orders (basket_id, display_id, status, source, delivery_type, payment_method, payment_type,
                          restaurant_id, currency, value, delivery_costs, discount_value, service_fee, extra_fee,
                          total, customer, consents, access_token_hash, accept_deadline, paid_at, created_at,
                          updated_at)
      select basket_id, right(basket_id::text, 5), status,
             case when fate >= 0.5 and fate < 0.6 then 'cc' else 'web' end,
             delivery_type, payment_method,
             case payment_method when 'blik' then 'online' when 'cardOnDelivery' then 'card' else 'cash' end,
             restaurant_id, currency, value, delivery_costs, 0, 199, 0, value + delivery_costs + 199,
             jsonb_build_object('firstname', 'Gość', 'lastname', 'Nr ' || i, 'phone', '600100200',
                                'email', 'guest' || i || '@example.com'),
             '{}'::jsonb, md5(basket_id::text), at + interval '10 minutes',
             case when payment_method = 'blik' then at + interval '1 minute' end, at, at
      from placed
      returning 1
    )
    select (select count(*) from orders_made)::int as inserted, (select count(*) from baskets_made)::int as baskets`;
    return row?.inserted ?? 0;
  });
  await sql.unsafe('vacuum analyze baskets, orders');
  return { orders: inserted };
}
