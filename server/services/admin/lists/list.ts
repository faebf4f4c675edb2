import type { ServiceCtx } from '#server/context.ts';
import type { ListEntity, ListQuery } from '#domain/admin-lists.ts';
import { listBaskets } from './baskets.ts';
import { listBotKeys } from './bot-keys.ts';
import { listClients } from './clients.ts';
import { listConcepts } from './concepts.ts';
import { listDiscountCodes } from './discount-codes.ts';
import { listLocations } from './locations.ts';
import { listOrders } from './orders.ts';
import { listOutbox } from './outbox.ts';
import { listPayments } from './payments.ts';
import { listRestaurants } from './restaurants.ts';
import { listSales } from './sales.ts';
import { listUsers } from './users.ts';

/** Each admin list's reader: one page of rows (ADMIN_LIST_PAGE_SIZE) and the count of every row the filters match. */
export const adminLists = {
  concepts: listConcepts,
  locations: listLocations,
  restaurants: listRestaurants,
  orders: listOrders,
  discountCodes: listDiscountCodes,
  users: listUsers,
  clients: listClients,
  baskets: listBaskets,
  payments: listPayments,
  sales: listSales,
  outbox: listOutbox,
  botKeys: listBotKeys,
} satisfies Record<
  ListEntity,
  (ctx: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) => Promise<{ rows: unknown[]; count: number }>
>;
