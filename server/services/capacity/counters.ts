import { sql } from 'drizzle-orm';
import type { withTransaction } from '#db/transaction.ts';
import { SLOT_STRIPES } from '#domain/kitchen-slot-stripes.ts';

type Tx = Parameters<Parameters<typeof withTransaction>[1]>[0]['db'];

/**
 * SQL: stripe `stripe`'s part of a slot's `total` as rebuilt counters lay it out (rebuiltStripes in
 * domain/kitchen-slot-stripes.ts): the stripes' shares of `limit` filled in turn, what is past the limit onto stripe 0;
 * with no limit, all of it on stripe 0. Each argument is an SQL expression.
 */
export function rebuiltPartSql(total: string, limit: string, stripe: string): string {
  const n = SLOT_STRIPES;
  return `case when ${limit} is null then case when ${stripe} = 0 then ${total} else 0 end
    else least(${limit} / ${n} + (${stripe} < ${limit} % ${n})::int,
        greatest(0, ${total} - (${limit} / ${n}) * ${stripe} - least(${stripe}, ${limit} % ${n})))
      + case when ${stripe} = 0 then greatest(0, ${total} - ${limit}) else 0 end end`;
}

/**
 * A throttled kitchen's slot counters made again from its orders (decision 053): place-order counts orders up only
 * while the kitchen is throttled, so turning throttling on (or changing its limits, and so the stripes' shares) must
 * count the orders placed while it was off. From an hour ago on; rejected and canceled orders are counted as the
 * counters count them (the load read takes them off).
 */
export async function rebuildSlotCounters(tx: Tx, locationId: number, now: Date): Promise<void> {
  const from = new Date(now.getTime() - 60 * 60_000).toISOString();
  await tx.execute(sql`delete from kitchen_slots where location_id = ${locationId} and slot >= ${from}::timestamptz`);
  await tx.execute(sql`insert into kitchen_slots (location_id, slot, stripe, orders, items)
    select t.location_id, t.slot, s.stripe,
      ${sql.raw(rebuiltPartSql('t.orders', 'l.slot_orders', 's.stripe'))},
      ${sql.raw(rebuiltPartSql('t.items', 'l.slot_items', 's.stripe'))}
    from (
      select k.location_id, o.scheduled_for as slot, count(*)::int as orders,
        coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)::int as items
      from orders o join restaurants k on k.id = o.restaurant_id
      where k.location_id = ${locationId} and o.scheduled_for >= ${from}::timestamptz
      group by k.location_id, o.scheduled_for
    ) t
    join locations l on l.id = t.location_id
    cross join generate_series(0, ${SLOT_STRIPES - 1}) as s(stripe)`);
}
