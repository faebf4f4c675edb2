import { eq, not, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { orderItems, orders } from '#db/schema/index.ts';
import { OUTCOME_RULES, type FigureOutcome } from '#domain/dashboard.ts';
import type { AppDeps } from '#server/context.ts';
import { figuresDayOf, outcomeIs } from './outcomes.ts';

/** The parts of an order's price that are split among its brands, each on its own (#domain/brand-split.ts). */
const PARTS = ['value', 'discountValue', 'deliveryCosts', 'serviceFee', 'extraFee'] as const;
type Part = (typeof PARTS)[number];
const COLUMN: Record<Part, string> = {
  value: 'value',
  discountValue: 'discount_value',
  deliveryCosts: 'delivery_costs',
  serviceFee: 'service_fee',
  extraFee: 'extra_fee',
};

/** Which outcome (#domain/dashboard.ts) an order counts under, as one column; null for none. */
const outcomeOf = sql<FigureOutcome | null>`case ${sql.join(
  OUTCOME_RULES.map((r) => sql`when ${outcomeIs(r.outcome)} then ${sql.raw(`'${r.outcome}'`)}`),
  sql` `,
)} end`;

/** Whether another brand cooks a line of the order: place-order writes it (orders.mixed_brands, decision 067). */
const mixed = sql`${orders.mixedBrands}`;

/**
 * Each brand's share of the orders that `where` picks, one row per order and brand restaurant: the split of
 * #domain/brand-split.ts (splitByBrand) written as a query that a report groups as it likes (by restaurant, concept,
 * day, currency). Each row carries the order's id (count it distinct: a multi-brand order is one order in every
 * brand's row), its currency, the Warsaw day it was placed on, its outcome, and the brand's share of each part of
 * the price and of the total, in minor units; the shares of an order sum to its own columns.
 *
 * An order all of whose lines its own restaurant cooks (every order but the multi-brand ones, and the lineless ones
 * of the benchmark's busy year) is one row of its own columns, read without joining its lines twice. The others are
 * split: the lines' value summed per brand is the weight, each part is shared pro rata (⌊part·w/W⌋, all-zero
 * weights count one each), and the units left go to the largest remainders, ties to the lowest restaurant id — the
 * domain's rule, which tests/api/brand-reports.test.ts holds this query to. A products discount is shared by the
 * lines it applied to (order_items.discounted, decision 067).
 *
 * The orders are read once, in a CTE that the caller attaches with `db.with(scoped)`. `perBrand: false` reads every
 * order whole from orders (one row each, no line read, the CTE unused): for a report that sums every brand of each
 * order, where the shares add up to the same.
 */
export function brandShares(
  db: AppDeps['db'],
  where: SQL | undefined,
  { perBrand = true }: { perBrand?: boolean } = {},
) {
  const scoped = db.$with('scoped').as(
    db
      .select({
        id: orders.id,
        restaurantId: orders.restaurantId,
        currency: orders.currency,
        day: sql<string>`${figuresDayOf}::text`.as('day'),
        outcome: outcomeOf.as('outcome'),
        value: orders.value,
        discountValue: orders.discountValue,
        deliveryCosts: orders.deliveryCosts,
        serviceFee: orders.serviceFee,
        extraFee: orders.extraFee,
        total: orders.total,
        mixed: sql<boolean>`${mixed}`.as('mixed'),
        // A free-delivery code discounts the delivery, shared as the delivery is; any other discounts its lines.
        productDiscount: sql<boolean>`coalesce(${orders.discount}->>'type', '') <> 'freeDelivery'`.as(
          'product_discount',
        ),
      })
      .from(orders)
      .where(where),
  );

  /** An order's own row: all of it to the restaurant it was placed at. */
  const wholeRow = (column: (name: string) => SQL) => ({
    orderId: sql<string>`${column('id')}`.as('order_id'),
    restaurantId: sql<number>`${column('restaurant_id')}`.as('brand_id'),
    currency: sql<string>`${column('currency')}`.as('currency'),
    day: sql<string>`${column('day')}`.as('day'),
    outcome: sql<FigureOutcome | null>`${column('outcome')}`.as('outcome'),
    ...partsOf((part) => column(COLUMN[part])),
    total: sql<number>`${column('total')}`.as('total'),
  });
  if (!perBrand) {
    // Straight from orders: no CTE to materialise, no line read.
    const own: Record<string, SQL> = { day: sql`${figuresDayOf}::text`, outcome: outcomeOf };
    const plain = db
      .select(wholeRow((name) => own[name] ?? sql`${sql.identifier('orders')}.${sql.identifier(name)}`))
      .from(orders)
      .where(where);
    return { scoped, shares: plain.as('shares') };
  }
  const whole = db
    .select(wholeRow((name) => sql`${sql.identifier('scoped')}.${sql.identifier(name)}`))
    .from(scoped)
    .where(not(scoped.mixed));

  const brands = db
    .select({
      orderId: sql<string>`${scoped.id}`.as('order_id'),
      restaurantId: sql<number>`${orderItems.restaurantId}`.as('brand_id'),
      currency: sql<string>`${scoped.currency}`.as('currency'),
      day: sql<string>`${scoped.day}`.as('day'),
      outcome: sql<FigureOutcome | null>`${scoped.outcome}`.as('outcome'),
      ...partsOf((part) => sql<number>`${sql.identifier('scoped')}.${sql.identifier(COLUMN[part])}`),
      weight: sql<number>`sum(${orderItems.value})::bigint`.as('weight'),
      // The value of the brand's lines the order's code applied to (decision 067).
      discountedWeight:
        sql<number>`(coalesce(sum(${orderItems.value}) filter (where ${orderItems.discounted}), 0))::bigint`.as(
          'discounted_weight',
        ),
      productDiscount: sql<boolean>`${scoped.productDiscount}`.as('product_discount'),
    })
    .from(scoped)
    .innerJoin(orderItems, eq(orderItems.orderId, scoped.id))
    .where(sql`${scoped.mixed}`)
    .groupBy(
      scoped.id,
      orderItems.restaurantId,
      scoped.currency,
      scoped.day,
      scoped.outcome,
      scoped.productDiscount,
      ...PARTS.map((part) => sql`${sql.identifier('scoped')}.${sql.identifier(COLUMN[part])}`),
    )
    .as('brands');

  const byOrder = sql`partition by ${brands.orderId}`;
  const weightSum = sql`(sum(${brands.weight}) over (${byOrder}))::bigint`;
  const weight = sql`(case when ${weightSum} = 0 then 1 else ${brands.weight} end)`;
  const weightTotal = sql`(case when ${weightSum} = 0 then (count(*) over (${byOrder}))::bigint else ${weightSum} end)`;
  // A products discount is shared by the value of the lines it applied to, when it applied to any (the domain's rule).
  const discountedSum = sql`(sum(${brands.discountedWeight}) over (${byOrder}))::bigint`;
  const byDiscounted = sql`(${brands.productDiscount} and ${discountedSum} > 0)`;
  const weightOf = (part: Part) =>
    part === 'discountValue'
      ? sql`(case when ${byDiscounted} then ${brands.discountedWeight} else ${weight} end)`
      : weight;
  const totalOf = (part: Part) =>
    part === 'discountValue'
      ? sql`(case when ${byDiscounted} then ${discountedSum} else ${weightTotal} end)`
      : weightTotal;
  const amount = (part: Part) => sql`${sql.identifier('brands')}.${sql.identifier(COLUMN[part])}::bigint`;
  const quotas = db
    .select({
      orderId: brands.orderId,
      restaurantId: brands.restaurantId,
      currency: brands.currency,
      day: brands.day,
      outcome: brands.outcome,
      ...partsOf((part) => amount(part)),
      ...Object.fromEntries(
        PARTS.flatMap((part) => [
          [
            `${part}Floor`,
            sql<number>`(${amount(part)} * ${weightOf(part)}) / ${totalOf(part)}`.as(`${COLUMN[part]}_floor`),
          ],
          [
            `${part}Rem`,
            sql<number>`(${amount(part)} * ${weightOf(part)}) % ${totalOf(part)}`.as(`${COLUMN[part]}_rem`),
          ],
        ]),
      ),
    })
    .from(brands)
    .as('quotas');

  const q = (name: string) => sql`${sql.identifier('quotas')}.${sql.identifier(name)}`;
  const split = db
    .select({
      orderId: quotas.orderId,
      restaurantId: quotas.restaurantId,
      currency: quotas.currency,
      day: quotas.day,
      outcome: quotas.outcome,
      ...partsOf((part) => {
        const column = COLUMN[part];
        const left = sql`${q(column)} - sum(${q(`${column}_floor`)}) over (partition by ${quotas.orderId})`;
        const rank = sql`row_number() over (partition by ${quotas.orderId} order by ${q(`${column}_rem`)} desc, ${quotas.restaurantId})`;
        return sql`(${q(`${column}_floor`)} + case when ${rank} <= ${left} then 1 else 0 end)::int`;
      }),
    })
    .from(quotas)
    .as('split');

  const s = (name: string) => sql`${sql.identifier('split')}.${sql.identifier(name)}`;
  const splitRows = db
    .select({
      orderId: split.orderId,
      restaurantId: split.restaurantId,
      currency: split.currency,
      day: split.day,
      outcome: split.outcome,
      ...partsOf((part) => s(COLUMN[part])),
      total:
        sql<number>`${s('value')} - ${s('discount_value')} + ${s('delivery_costs')} + ${s('service_fee')} + ${s('extra_fee')}`.as(
          'total',
        ),
    })
    .from(split);

  return { scoped, shares: unionAll(whole, splitRows).as('shares') };
}

/** One aliased column per part, named as the orders table names it. */
function partsOf(column: (part: Part) => SQL): Record<Part, SQL.Aliased<number>> {
  return Object.fromEntries(
    PARTS.map((part) => [part, sql<number>`${column(part)}`.mapWith(Number).as(COLUMN[part])]),
  ) as Record<Part, SQL.Aliased<number>>;
}

/**
 * The orders and the brands' summed totals of one outcome, as two aggregate columns. `distinct`: a group may hold
 * several rows of one order (a concept's, or all brands'), so each order is counted once; without it, one row is one
 * order (a restaurant's group, or orders read whole), and the count is a plain count.
 */
export function shareAggregates(
  shares: ReturnType<typeof brandShares>['shares'],
  outcome: FigureOutcome,
  { distinct = true }: { distinct?: boolean } = {},
): { orders: SQL<number>; value: SQL<number> } {
  const where = sql`${shares.outcome} = ${sql.raw(`'${outcome}'`)}`;
  return {
    orders: sql<number>`(count(${distinct ? sql`distinct ${shares.orderId}` : sql`*`}) filter (where ${where}))::int`,
    value: sql<number>`coalesce(sum(${shares.total}) filter (where ${where}), 0)::bigint`.mapWith(Number),
  };
}
