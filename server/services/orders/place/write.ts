import type { Transaction } from '#db/raw.ts';
import { RuleError } from '#domain/errors.ts';
import * as placeOrderSql from '#db/statements/place-order.ts';
import { run, type SqlValue } from '#db/statements/statement.ts';
import type { DraftLine, DraftMod, OrderDraft } from './draft.ts';
import { errorOf, log } from '#server/observability/log.ts';
import type { SlotClaim } from './slots.ts';
import { isUniqueViolation } from '#db/errors.ts';

/**
 * The order's slot in a kitchen that limits its slots filled up between the read and the write: nothing was written,
 * and place-order reads the load again (decision 053).
 */
export class SlotTaken extends Error {
  constructor() {
    super('the slot filled up meanwhile');
  }
}

type Param = (typeof placeOrderSql.placeOrder.params)[number];

/** The draft's fields by parameter name: the one place where a field becomes a parameter. */
function paramsOf(
  { order, lines, mods, payment, audit, email, invoice, redemptions }: OrderDraft,
  claim: SlotClaim | null,
): Record<Param, SqlValue> {
  return {
    orderId: order.id,
    basketId: order.basketId,
    displayId: order.displayId,
    status: order.status,
    source: order.source,
    deliveryType: order.deliveryType,
    paymentMethod: order.paymentMethod,
    paymentType: order.paymentType,
    restaurantId: order.restaurantId,
    mixedBrands: order.mixedBrands ? 'true' : 'false',
    userId: order.userId,
    createdByUserId: order.createdByUserId,
    discountCodeId: order.discountCodeId,
    discount: order.discount && JSON.stringify(order.discount),
    currency: order.currency,
    value: order.value,
    deliveryCosts: order.deliveryCosts,
    discountValue: order.discountValue,
    serviceFee: order.serviceFee,
    extraFee: order.extraFee,
    total: order.total,
    customer: JSON.stringify(order.customer),
    comment: order.comment,
    lang: order.lang,
    consents: JSON.stringify(order.consents),
    accessTokenHash: order.accessTokenHash,
    idempotencyKey: order.idempotencyKey,
    requestHash: order.requestHash,
    acceptDeadline: order.acceptDeadline?.toISOString() ?? null,
    scheduledFor: order.scheduledFor?.toISOString() ?? null,
    promisedAt: order.promisedAt?.toISOString() ?? null,
    fireAt: order.fireAt?.toISOString() ?? null,
    dueAt: order.dueAt?.toISOString() ?? null,
    slotBooking: JSON.stringify(claim?.booking ?? []),
    slotLocked: claim?.locked ? 'true' : 'false',
    now: order.createdAt.toISOString(),
    lines: JSON.stringify(lines),
    mods: JSON.stringify(mods),
    paymentId: payment?.id ?? null,
    paymentProvider: payment?.provider ?? null,
    paymentAmount: payment?.amount ?? null,
    auditActorUserId: audit.actorUserId,
    auditAction: audit.action,
    auditData: JSON.stringify(audit.data),
    email: email && JSON.stringify({ html: null, ...email }),
    invoice: invoice && JSON.stringify(invoice),
    redemptions: JSON.stringify(redemptions),
  };
}

const usedUp = () =>
  new RuleError('discountNotActive', 'the code was used up meanwhile', { problems: ['discountNotActive'] });

/** The unique key of a once-per-customer code's uses (db/schema/orders.ts discountRedemptions). */
const REDEMPTION_KEY = 'discount_redemptions_customer_key';
const alreadyUsed = () =>
  new RuleError('discountAlreadyUsed', 'the customer used the code meanwhile', { problems: ['discountAlreadyUsed'] });

/** The draft's lines and modifiers with the ids the database gave them. */
export type WrittenIds = {
  lines: (DraftLine & { id: number })[];
  mods: (DraftMod & { id: number; orderItemId: number })[];
};

/**
 * Writes the draft, commits and announces the order, in one round trip: a failed write turns the COMMIT into a
 * rollback (and the announcement then finds no order).
 * A code used up since the basket was priced refuses the order (discountNotActive) and writes nothing.
 */
export async function writeOrder(tx: Transaction, draft: OrderDraft, claim: SlotClaim | null): Promise<WrittenIds> {
  const [[written]] = await Promise.all([
    run(tx.query, placeOrderSql.placeOrder, paramsOf(draft, claim)).catch((error: unknown) => {
      if (error instanceof Error && error.message.includes(placeOrderSql.SLOT_KEPT)) throw usedUp();
      if (isUniqueViolation(error, REDEMPTION_KEY)) throw alreadyUsed();
      throw error;
    }),
    tx.commit(),
    // The order is committed whatever happens to its announcement; a failed one is logged, not answered.
    run(tx.query, placeOrderSql.announceOrder, { orderId: draft.order.id }).catch((error: unknown) => {
      log.warn({ err: errorOf(error) }, `order ${draft.order.id}: announcement failed`);
    }),
  ]);
  if (written && !written.placed && !written.room) throw new SlotTaken();
  if (!written?.placed) throw usedUp();
  // Invariants of the statement; were one broken, a retry with the same key would answer the committed order.
  const expected = {
    items: draft.lines.length,
    mods: draft.mods.length,
    baskets: 1,
    audits: 1,
    payments: draft.payment ? 1 : 0,
    emails: draft.email ? 1 : 0,
    invoices: draft.invoice ? 1 : 0,
    redemptions: draft.redemptions.length,
  };
  if (Object.entries(expected).some(([rows, n]) => written[rows as keyof typeof expected] !== n))
    throw new Error(`place-order wrote other rows than it meant to: ${JSON.stringify(written)}`);
  const { itemIds, modIds } = written;
  if (itemIds.length !== draft.lines.length || modIds.length !== draft.mods.length)
    throw new Error(`place-order answered other ids than it wrote: ${JSON.stringify(written)}`);
  const lines = draft.lines.map((line, i) => ({ ...line, id: itemIds[i] as number }));
  return {
    lines,
    mods: draft.mods.map((mod, i) => ({
      ...mod,
      id: modIds[i] as number,
      orderItemId: itemIds[mod.line] as number,
    })),
  };
}
