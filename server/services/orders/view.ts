import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  concepts,
  invoiceRequests,
  invoices,
  locations,
  orderItemMods,
  orderItems,
  orders,
  payments,
  refunds,
  restaurants,
} from '#db/schema/index.ts';
import type { InvoiceRequest, LegalEntity } from '#domain/invoice.ts';
import type { Currency } from '#domain/money.ts';
import { isRejectionReason, type RejectionReason } from '#domain/kitchen-alarms.ts';
import {
  acceptanceSecondsLeft,
  isFinished,
  isOrderStatus,
  isReadyToPickup,
  isRejected,
  isSelfPickup,
  isWaitingForPayment,
  isWaitingForRestaurantAccept,
  paymentDeadline,
  PICKUP_MINUTES,
  stripEmoji,
  type OrderStatus,
} from '#domain/orders.ts';
import type { Actor, AppDeps, ServiceCtx } from '#server/context.ts';
import { actorUserId } from '#server/services/actor.ts';
import { Temporal } from 'temporal-polyfill';
import { accessTokenMatches } from './access-token.ts';
import { isUuid } from '#domain/ids.ts';
import { allergenInfoOf, type AllergenInfo } from '#domain/allergens.ts';
import { queryOf, rowOf } from '#db/raw.ts';
import * as ordersSql from '#db/statements/orders.ts';
import { run } from '#db/statements/statement.ts';
import { reusable } from '#db/reusable.ts';
import { brandsOfLines, type BrandLook, type LineBrand, type OrderBrand } from '#domain/order-brands.ts';
import { loadTenants, readableOn, shopLogoPath } from '#tenants/index.ts';

const MONEY_FIELDS = ['value', 'deliveryCosts', 'discountValue', 'serviceFee', 'extraFee', 'total'] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];

/** An estimate never earlier than the promise; null stays null (the order is no longer coming). */
function notBefore(promised: Date | null, estimate: string | null): string | null {
  if (estimate === null || promised === null) return estimate;
  return new Date(estimate).getTime() < promised.getTime() ? promised.toISOString() : estimate;
}

/** What the summary page, the status stream and "my orders" show of an order. */
export type OrderView = {
  id: string;
  displayId: string;
  status: OrderStatus;
  source: string;
  groups: {
    waitingForPayment: boolean;
    waitingForRestaurantAccept: boolean;
    finished: boolean;
    rejected: boolean;
    readyToPickup: boolean;
    selfPickup: boolean;
  };
  deliveryType: string;
  paymentMethod: string;
  paymentType: string;
  restaurant: {
    slug: string;
    name: string;
    country: string;
    phone: string | null;
    /** Where a pickup order is collected. */
    address: { street: string; no: string; zip: string; city: string };
  };
  customer: (typeof orders.$inferSelect)['customer'];
  comment: string;
  items: {
    /** The brand's restaurant that cooks it (issue 35): the order's own, or another brand's at the same kitchen. */
    restaurantId: number;
    brand: Pick<LineBrand, 'conceptSlug' | 'conceptName' | 'restaurantName'>;
    name: string;
    quantity: number;
    unitPrice: number;
    value: number;
    mods: { groupName: string; name: string; value: number }[];
    /** As ordered: the dish's with its options' (decision 050); null when the restaurant gave none. */
    allergens: AllergenInfo;
  }[];
  /**
   * The brands cooking it, in the order its lines first name them (#domain/order-brands.ts): one for an ordinary
   * order; several when its kitchen shares baskets. Screens group the lines under them only when there are several.
   */
  brands: OrderBrand[];
  discount: (typeof orders.$inferSelect)['discount'];
  /** Amounts are minor units; each screen writes them in its language (formatMoney, server/domain/money.ts). */
  currency: Currency;
  createdAt: string;
  paidAt: string | null;
  acceptDeadline: string | null;
  /** Why the restaurant rejected it (REJECTION_REASONS); null otherwise, and for an order nobody accepted in time. */
  rejectionReason: RejectionReason | null;
  /** An order waiting for its payment: until when it can be paid (then it is canceled); null otherwise. */
  paymentDeadline: string | null;
  acceptSecondsLeft: number | null;
  preparationMinutes: number;
  estimatedReadyAt: string | null;
  pickupMinutes: number;
  /** A pickup order still coming: when it can be collected (the pickup time, or the preparation when longer). */
  pickupAt: string | null;
  /**
   * The kitchen's promise (issue 34), set when the order was placed: the slot it counts against, when it is ready
   * (pickup, or to the courier) and, delivered, when it reaches the door; null for orders placed before it.
   */
  promise: { slot: string; readyAt: string; dueAt: string | null; fireAt: string | null } | null;
  payment: { method: string; status: string; redirectUrl: string | null } | null;
  refund: { amount: number; status: string; createdAt: string } | null;
  /** The company selling under the brand (issue 36); null when the operator has not named it. */
  seller: LegalEntity | null;
  /** The company invoice asked for at checkout, and its number once issued (the order finished). */
  invoice: { request: InvoiceRequest; number: string | null } | null;
} & Record<MoneyField, number>;

const orderColumns = {
  order: orders,
  restaurantSlug: restaurants.slug,
  restaurantName: restaurants.name,
  restaurantPhone: restaurants.phone,
  acceptanceMinutes: restaurants.acceptanceMinutes,
  preparationMinutes: restaurants.preparationMinutes,
  country: locations.country,
  street: locations.street,
  streetNo: locations.no,
  zip: locations.zip,
  city: locations.city,
  seller: concepts.legalEntity,
  invoiceRequest: invoiceRequests,
  invoiceNumber: invoices.number,
};

type InvoiceRequestRow = typeof invoiceRequests.$inferSelect;

export type OrderRow = {
  order: typeof orders.$inferSelect;
  restaurantSlug: string;
  restaurantName: string;
  restaurantPhone: string | null;
  acceptanceMinutes: number;
  preparationMinutes: number;
  country: string;
  street: string;
  streetNo: string;
  zip: string;
  city: string;
  seller: LegalEntity | null;
  invoiceRequest: InvoiceRequestRow | null;
  invoiceNumber: string | null;
};

const requestOf = ({ companyName, nip, street, zip, city }: InvoiceRequestRow): InvoiceRequest => ({
  companyName,
  nip,
  street,
  zip,
  city,
});

/** The brand restaurants (and their concepts) that cook the lines of the orders `ids`. */
function lineBrands(db: Db | Tx, ids: string[]): Promise<LineBrand[]> {
  return db
    .select({
      restaurantId: restaurants.id,
      restaurantSlug: restaurants.slug,
      restaurantName: restaurants.name,
      conceptSlug: concepts.slug,
      conceptName: concepts.name,
    })
    .from(restaurants)
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(
      inArray(
        restaurants.id,
        db.selectDistinct({ id: orderItems.restaurantId }).from(orderItems).where(inArray(orderItems.orderId, ids)),
      ),
    );
}

/**
 * Items, payments (with refunds), item modifiers and the lines' brands of the orders `ids`: four queries, sent
 * together.
 */
function orderDetails(db: Db | Tx, ids: string[]) {
  return Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db
      .select({ payment: payments, refund: refunds })
      .from(payments)
      .leftJoin(refunds, eq(refunds.paymentId, payments.id))
      .where(inArray(payments.orderId, ids))
      .orderBy(desc(payments.createdAt)),
    db
      .select({ mod: orderItemMods })
      .from(orderItemMods)
      .innerJoin(orderItems, eq(orderItems.id, orderItemMods.orderItemId))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItemMods.id))
      .then((rows) => rows.map((r) => r.mod)),
    lineBrands(db, ids),
  ]);
}

export type OrderDetails = Awaited<ReturnType<typeof orderDetails>>;

async function buildViews(db: Db | Tx, rows: OrderRow[], now: Date, details?: OrderDetails): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  return orderViews(
    rows,
    details ??
      (await orderDetails(
        db,
        rows.map((r) => r.order.id),
      )),
    now,
  );
}

/**
 * A brand's colour and logo as its site shows them (tenants/<slug>/tenant.json), for the board's tags and the status
 * page's sections. A concept made by hand in the database has no tenant folder, and so no look: screens then name it
 * in their neutral style.
 */
function brandLook(conceptSlug: string): BrandLook | null {
  const tenant = loadTenants().find((t) => t.slug === conceptSlug);
  if (!tenant) return null;
  return { colour: tenant.theme.primary, onColour: readableOn(tenant.theme.primary), logo: shopLogoPath(tenant) };
}

/** The views of orders whose rows and details the caller holds (place-order has just written them). */
export function orderViews(
  rows: OrderRow[],
  [items, paymentRows, mods, brandRows]: OrderDetails,
  now: Date,
): OrderView[] {
  const nowInstant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  const brandById = new Map(brandRows.map((brand) => [brand.restaurantId, brand]));
  return rows.map((row) => {
    const { order } = row;
    const lines = items.filter((i) => i.orderId === order.id);
    // A line's brand restaurant is always read with it; the order's own restaurant stands in should one be missing.
    const brandOf = (restaurantId: number): LineBrand =>
      brandById.get(restaurantId) ??
      brandById.get(order.restaurantId) ?? {
        restaurantId: order.restaurantId,
        restaurantSlug: row.restaurantSlug,
        restaurantName: row.restaurantName,
        conceptSlug: '',
        conceptName: row.restaurantName,
      };
    const status = isOrderStatus(order.status) ? order.status : 'new';
    const currency = order.currency as Currency;
    const money = Object.fromEntries(MONEY_FIELDS.map((f) => [f, order[f]])) as Record<MoneyField, number>;
    const paymentRow = paymentRows.find((p) => p.payment.orderId === order.id);
    // The restaurant started on it when it became new: acceptDeadline minus the acceptance window.
    const becameNewAt = order.acceptDeadline ? order.acceptDeadline.getTime() - row.acceptanceMinutes * 60_000 : null;
    const stillComing = !isFinished(status) && !isWaitingForPayment(status);
    return {
      id: order.id,
      displayId: order.displayId,
      status,
      source: order.source,
      groups: {
        waitingForPayment: isWaitingForPayment(status),
        waitingForRestaurantAccept: isWaitingForRestaurantAccept(status),
        finished: isFinished(status),
        rejected: isRejected(status),
        readyToPickup: isReadyToPickup(status),
        selfPickup: isSelfPickup(order.deliveryType),
      },
      deliveryType: order.deliveryType,
      paymentMethod: order.paymentMethod,
      paymentType: order.paymentType,
      restaurant: {
        slug: row.restaurantSlug,
        name: row.restaurantName,
        country: row.country,
        phone: row.restaurantPhone,
        address: { street: row.street, no: row.streetNo, zip: row.zip, city: row.city },
      },
      customer: order.customer,
      comment: order.comment,
      items: lines.map((i) => {
        const { conceptSlug, conceptName, restaurantName } = brandOf(i.restaurantId);
        return {
          restaurantId: i.restaurantId,
          brand: { conceptSlug, conceptName, restaurantName },
          name: stripEmoji(i.name),
          quantity: i.quantity,
          unitPrice: i.unitPrice,
          value: i.value,
          mods: mods
            .filter((m) => m.orderItemId === i.id)
            .map((m) => ({ groupName: stripEmoji(m.groupName), name: stripEmoji(m.name), value: m.value })),
          allergens: allergenInfoOf(i),
        };
      }),
      brands: brandsOfLines(lines, (i) => {
        const brand = brandOf(i.restaurantId);
        return { ...brand, restaurantId: i.restaurantId, look: brandLook(brand.conceptSlug) };
      }),
      discount: order.discount,
      ...money,
      currency,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      acceptDeadline: order.acceptDeadline?.toISOString() ?? null,
      rejectionReason: status === 'rejected' && isRejectionReason(order.rejectionReason) ? order.rejectionReason : null,
      paymentDeadline: isWaitingForPayment(status)
        ? new Date(
            paymentDeadline(Temporal.Instant.fromEpochMilliseconds(order.createdAt.getTime())).epochMilliseconds,
          ).toISOString()
        : null,
      acceptSecondsLeft:
        status === 'new' && becameNewAt !== null
          ? // Never more than the window itself: it started by the database's clock, `now` is this process's.
            Math.min(
              row.acceptanceMinutes * 60,
              acceptanceSecondsLeft(
                Temporal.Instant.fromEpochMilliseconds(becameNewAt),
                nowInstant,
                row.acceptanceMinutes,
              ),
            )
          : null,
      // Once accepted, the minutes the kitchen promised count from the acceptance; before, the restaurant's usual time.
      preparationMinutes: order.preparationMinutes ?? row.preparationMinutes,
      // A promised time (a scheduled order, or a later slot) is never brought forward by the acceptance.
      estimatedReadyAt: notBefore(
        order.promisedAt,
        !stillComing
          ? null
          : order.acceptedAt && order.preparationMinutes
            ? new Date(order.acceptedAt.getTime() + order.preparationMinutes * 60_000).toISOString()
            : becameNewAt !== null
              ? new Date(becameNewAt + row.preparationMinutes * 60_000).toISOString()
              : null,
      ),
      pickupMinutes: PICKUP_MINUTES,
      pickupAt: notBefore(
        order.promisedAt,
        stillComing && isSelfPickup(order.deliveryType) && becameNewAt !== null
          ? new Date(becameNewAt + Math.max(PICKUP_MINUTES, row.preparationMinutes) * 60_000).toISOString()
          : null,
      ),
      promise:
        order.scheduledFor && order.promisedAt
          ? {
              slot: order.scheduledFor.toISOString(),
              readyAt: order.promisedAt.toISOString(),
              dueAt: order.dueAt?.toISOString() ?? null,
              fireAt: order.fireAt?.toISOString() ?? null,
            }
          : null,
      payment: paymentRow
        ? {
            method: paymentRow.payment.method,
            status: paymentRow.payment.status,
            redirectUrl: paymentRow.payment.status === 'pending' ? paymentRow.payment.redirectUrl : null,
          }
        : null,
      refund: paymentRow?.refund
        ? {
            amount: paymentRow.refund.amount,
            status: paymentRow.refund.status,
            createdAt: paymentRow.refund.createdAt.toISOString(),
          }
        : null,
      seller: row.seller,
      invoice: row.invoiceRequest ? { request: requestOf(row.invoiceRequest), number: row.invoiceNumber } : null,
    };
  });
}

const baseQuery = (db: Db | Tx) =>
  db
    .select(orderColumns)
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .leftJoin(invoiceRequests, eq(invoiceRequests.orderId, orders.id))
    .leftJoin(invoices, eq(invoices.orderId, orders.id));

/**
 * An order's lines in the order they were placed, built once (decision 036): the confirmation e-mail lists them, and
 * a payment provider is sent them as the products.
 */
export const orderLines = reusable((db) =>
  db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      quantity: orderItems.quantity,
      value: orderItems.value,
      allergens: orderItems.allergens,
      mayContain: orderItems.mayContain,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('id')))
    .orderBy(asc(orderItems.id)),
);

type Json = Record<string, unknown>;

/** The order's row and details (db/statements/orders.ts orderView), its tables' rows decoded as drizzle reads them. */
async function readOrder(db: Db | Tx, orderId: string): Promise<{ row: OrderRow; details: OrderDetails } | null> {
  const [read] = await run(queryOf(db), ordersSql.orderView, { orderId });
  if (!read) return null;
  const { order, invoiceRequest, items, payments: paymentRows, mods, brands, ...restaurant } = read;
  return {
    row: {
      ...restaurant,
      order: rowOf(orders, order as Json),
      invoiceRequest: invoiceRequest ? rowOf(invoiceRequests, invoiceRequest as Json) : null,
    },
    details: [
      items.map((item) => rowOf(orderItems, item as Json)),
      paymentRows.map(({ payment, refund }) => ({
        payment: rowOf(payments, payment as Json),
        refund: refund ? rowOf(refunds, refund as Json) : null,
      })),
      mods.map((mod) => rowOf(orderItemMods, mod as Json)),
      brands,
    ],
  };
}

export async function loadOrderView(
  ctx: Pick<ServiceCtx<'db'>, 'db' | 'now'>,
  { orderId }: { orderId: string },
): Promise<OrderView | null> {
  return readView(ctx, orderId, () => true);
}

/**
 * The order's view if the caller may see it (findViewableOrder's rule), read with the order in one statement.
 * Anyone else learns nothing, not even that the order exists.
 */
export function loadViewableOrder(
  { actor, ...ctx }: Pick<ServiceCtx<'db'>, 'db' | 'now' | 'actor'>,
  input: { orderId: string; token?: string | undefined },
): Promise<OrderView | null> {
  return readView(ctx, input.orderId, (order) => mayView(order, actor, input.token));
}

/** The view of the order readOrder reads, when `allowed` lets its row through. */
async function readView(
  { db, now }: Pick<ServiceCtx<'db'>, 'db' | 'now'>,
  orderId: string,
  allowed: (order: typeof orders.$inferSelect) => boolean,
): Promise<OrderView | null> {
  if (!isUuid(orderId)) return null;
  const read = await readOrder(db, orderId);
  if (!read || !allowed(read.row.order)) return null;
  return orderViews([read.row], read.details, now())[0] ?? null;
}

function mayView(
  order: Pick<typeof orders.$inferSelect, 'accessTokenHash' | 'userId' | 'createdByUserId'>,
  actor: Actor,
  token: string | undefined,
): boolean {
  const userId = actorUserId(actor);
  return (
    accessTokenMatches(token, order.accessTokenHash) ||
    (userId !== null && (order.userId === userId || order.createdByUserId === userId))
  );
}

/** The views of the orders `ids`, in the order given (staff screens list several at once). */
export async function loadOrderViews(
  { db, now }: Pick<ServiceCtx<'db'>, 'db' | 'now'>,
  { ids }: { ids: string[] },
): Promise<OrderView[]> {
  if (ids.length === 0) return [];
  const rows = await baseQuery(db).where(inArray(orders.id, ids));
  const views = await buildViews(db, rows, now());
  return ids.flatMap((id) => views.find((view) => view.id === id) ?? []);
}

/**
 * The order if the caller may see it: with its access token (guests), or as the customer it belongs to or the
 * staff member who placed it. Anyone else learns nothing, not even that the order exists.
 */
export async function findViewableOrder(
  { db, actor }: Pick<ServiceCtx<'db'>, 'db' | 'actor'>,
  input: { orderId: string; token?: string | undefined },
): Promise<{ id: string } | null> {
  if (!isUuid(input.orderId)) return null;
  const [row] = await db
    .select({
      id: orders.id,
      accessTokenHash: orders.accessTokenHash,
      userId: orders.userId,
      createdByUserId: orders.createdByUserId,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  return row && mayView(row, actor, input.token) ? { id: row.id } : null;
}

/** A logged-in customer's orders, newest first. */
export async function listUserOrders(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  page: { userId: string; limit: number; offset: number },
): Promise<OrderView[]> {
  const rows = await baseQuery(db)
    .where(eq(orders.userId, page.userId))
    .orderBy(desc(orders.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  return buildViews(db, rows, now());
}

/**
 * The web order placed under an Idempotency-Key, for the browser that sent it and lost the answer (a reload at that
 * moment): found only when the caller also holds the order's basket (its cookie) or is the order's customer, so the
 * key alone opens nothing. Null otherwise, or when no order was placed under the key.
 */
export async function findPlacedByKey(
  { db, actor }: Pick<ServiceCtx<'db'>, 'db' | 'actor'>,
  input: { key: string; basketId: string | null },
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: orders.id, basketId: orders.basketId, userId: orders.userId, source: orders.source })
    .from(orders)
    .where(eq(orders.idempotencyKey, input.key));
  if (!row || row.source !== 'web') return null;
  const holdsBasket = input.basketId !== null && row.basketId === input.basketId;
  const userId = actorUserId(actor);
  const owns = userId !== null && row.userId === userId;
  return holdsBasket || owns ? { id: row.id } : null;
}
