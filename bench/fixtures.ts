import type postgres from 'postgres';

/** Demo restaurants the benchmarks use: a menu to read and a kitchen to order from. */
export const RESTAURANT = 'pasta-fresca-warszawa-mokotow';
export const ORDER_RESTAURANT = 'bao-house-kyiv-podil';

/**
 * Baskets ready to be ordered, made the way the basket API stores them (place-order consumes one per call),
 * and a menu item without required options to add to a basket. The ordering kitchen is opened around the
 * clock, so the figures do not depend on the hour the benchmark runs at.
 */
export async function prepareBenchData(sql: postgres.Sql, baskets: number) {
  const [target] = await sql<{ restaurant_id: number; country: string; zip: string; item_id: number; price: number }[]>`
    select r.id as restaurant_id, l.country, i.id as item_id, i.price,
      (select z.zips[1] from delivery_zones z where z.restaurant_id = r.id order by z.position, z.id limit 1) as zip
    from restaurants r join locations l on l.id = r.location_id
    join menu_items i on i.restaurant_id = r.id
    where r.slug = ${ORDER_RESTAURANT} and not i.unavailable and not i.reset_prices and i.price > 0
      and not exists (select 1 from modifier_groups g where g.menu_item_id = i.id)
    order by i.id limit 1`;
  const [menuItem] = await sql<{ id: number }[]>`
    select i.id from menu_items i join restaurants r on r.id = i.restaurant_id
    where r.slug = ${RESTAURANT} and not i.unavailable
      and not exists (select 1 from modifier_groups g where g.menu_item_id = i.id and g.required)
    order by i.id limit 1`;
  if (!target || !menuItem) throw new Error('the seeded demo data lacks the benchmark restaurants');
  const quantity = Math.ceil(30_000 / target.price);
  const basketIds = (
    await sql<{ id: string }[]>`
      insert into baskets (country, restaurant_id, delivery_method)
      select ${target.country}, ${target.restaurant_id}, 'door2door' from generate_series(1, ${baskets})
      returning id`
  ).map((r) => r.id);
  await sql`insert into basket_items (basket_id, menu_item_id, quantity)
            select unnest(${basketIds}::uuid[]), ${target.item_id}, ${quantity}`;
  await sql`update working_hours set "from" = '00:00', "to" = '24:00' where restaurant_id = ${target.restaurant_id}`;
  // BENCH_SLOT_ORDERS=<n> throttles the ordering kitchen to n orders per 15-minute slot (issue 34, decision 053): every
  // order then reads its slots' load and counts its slot up (while it has room). Left out, the kitchen is not throttled.
  const slotOrders = process.env['BENCH_SLOT_ORDERS'];
  if (slotOrders) {
    await sql`update locations set slot_orders = ${Number(slotOrders)}
              where id = (select location_id from restaurants where id = ${target.restaurant_id})`;
  }
  return { target, menuItem, basketIds };
}
