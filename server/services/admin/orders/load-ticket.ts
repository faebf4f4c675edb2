import { eq } from 'drizzle-orm';
import { concepts, locations, orders, restaurants } from '#db/schema/index.ts';
import { timeZoneOf } from '#domain/country.ts';
import { countryOf } from '#domain/money.ts';
import { instantOf, promisedReadyAt } from '#domain/order-times.ts';
import { addressLines, ticketPayment, type TicketPayment } from '#domain/tickets.ts';
import type { AppDeps } from '#server/context.ts';
import { loadOrderView, type OrderView } from '#server/services/orders/view.ts';

/**
 * A line as the papers print it: the order view's line without its prices (a ticket names no prices). Whatever a line
 * of the order view carries besides (its options, and any field added to the view's lines later) comes along.
 */
export type TicketLine = Omit<OrderView['items'][number], 'unitPrice' | 'value'>;

/** What the kitchen ticket and the packing slip of one order print (#domain/tickets.ts decides their lines). */
export type KitchenTicket = {
  id: string;
  displayId: string;
  /** The brand (concept) the customer ordered from, and the restaurant (brand at a kitchen) and kitchen. */
  brand: string;
  restaurant: string;
  kitchen: string;
  /** web, cc (call centre) or bot. */
  source: string;
  deliveryType: string;
  status: OrderView['status'];
  lines: TicketLine[];
  /**
   * The brands cooking it, in the lines' order (issue 35): one for an ordinary order; several, and the papers list
   * the lines under each brand's name, when its kitchen shares baskets.
   */
  brands: Pick<OrderView['brands'][number], 'restaurantId' | 'conceptSlug' | 'conceptName' | 'restaurantName'>[];
  comment: string;
  placedAt: string;
  /** When the food is promised ready (promisedReadyAt); null before the kitchen accepted an order nothing promised. */
  promisedAt: string | null;
  /** The restaurant's zone: the paper prints the kitchen's clock, whatever the printing device's. */
  timeZone: string;
  customer: { name: string; phone: string };
  /** The delivery address's lines; empty for pickup. */
  address: string[];
  payment: TicketPayment;
  /** The language the order was placed in (pl, en, ua), or null; the papers print in the staff's language. */
  lang: string | null;
};

/** The ticket of an order, or null for none. The route checks the caller's kitchens first. */
export async function loadTicket(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { orderId }: { orderId: string },
): Promise<KitchenTicket | null> {
  const [view, [head]] = await Promise.all([
    loadOrderView({ db, now }, { orderId }),
    db
      .select({
        brand: concepts.name,
        restaurant: restaurants.name,
        kitchen: locations.name,
        country: locations.country,
        promisedAt: orders.promisedAt,
        acceptedAt: orders.acceptedAt,
        preparationMinutes: orders.preparationMinutes,
        lang: orders.lang,
      })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .where(eq(orders.id, orderId)),
  ]);
  if (!view || !head) return null;
  const promised = promisedReadyAt({
    promisedAt: instantOf(head.promisedAt),
    acceptedAt: instantOf(head.acceptedAt),
    preparationMinutes: head.preparationMinutes,
  });
  return {
    id: view.id,
    displayId: view.displayId,
    brand: head.brand,
    restaurant: head.restaurant,
    kitchen: head.kitchen,
    source: view.source,
    deliveryType: view.deliveryType,
    status: view.status,
    lines: view.items.map(({ unitPrice: _unitPrice, value: _value, ...line }) => line),
    brands: view.brands.map(({ restaurantId, conceptSlug, conceptName, restaurantName }) => ({
      restaurantId,
      conceptSlug,
      conceptName,
      restaurantName,
    })),
    comment: view.comment,
    placedAt: view.createdAt,
    promisedAt: promised ? new Date(promised.epochMilliseconds).toISOString() : null,
    timeZone: timeZoneOf(countryOf(head.country)),
    customer: { name: `${view.customer.firstname} ${view.customer.lastname}`.trim(), phone: view.customer.phone },
    address: view.groups.selfPickup ? [] : addressLines(view.customer),
    payment: ticketPayment(view),
    lang: head.lang,
  };
}
