import { asc, eq, sql } from 'drizzle-orm';
import { reusable } from '#db/reusable.ts';
import { concepts, orderItems, restaurants } from '#db/schema/index.ts';

/**
 * The brand of each line of an order, in the order the lines were placed (issue 35): the e-mails name the brands of
 * an order that several brands at one kitchen cook. Built once (decision 036): every confirmation and status e-mail
 * reads it.
 */
export const orderLineBrands = reusable((db) =>
  db
    .select({ itemId: orderItems.id, restaurantId: orderItems.restaurantId, name: concepts.name })
    .from(orderItems)
    .innerJoin(restaurants, eq(restaurants.id, orderItems.restaurantId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(eq(orderItems.orderId, sql.placeholder('id')))
    .orderBy(asc(orderItems.id)),
);
