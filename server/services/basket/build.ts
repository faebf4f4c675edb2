import type { AppDeps } from '#server/context.ts';
import { transaction, type Query } from '#db/raw.ts';
import * as basketSql from '#db/statements/basket.ts';
import { run } from '#db/statements/statement.ts';
import type { Country } from '#domain/money.ts';
import type { DeliveryMethod } from '#domain/pricing.ts';
import { addItem } from './add-item.ts';
import { applyDiscount } from './apply-discount.ts';
import { setDelivery } from './set-delivery.ts';
import type { BasketAddress } from '#domain/addresses.ts';
import type { BasketChange, LockedBasket } from './write.ts';

/** A whole basket said at once, as a caller without a cookie (a bot) sends it. */
export type BasketContent = {
  items: { menuItemId: number; quantity: number; optionIds: number[] }[];
  delivery: { deliveryMethod: DeliveryMethod; country?: Country; address?: BasketAddress | null | undefined };
  discountCode: string | null;
};

/** Runs one basket change (the basket API's own rules and writes) inside the caller's transaction. */
async function apply(query: Query, basketId: string, change: BasketChange): Promise<void> {
  const [state] = await run(query, basketSql.readBasketState, { basketId });
  const basket: LockedBasket = {
    id: basketId,
    restaurantId: state?.restaurantId ?? null,
    country: state?.country ?? 'pl',
    userId: null,
    isNew: false,
  };
  const rows = await Promise.all((change.reads?.(basketId) ?? []).map((s) => query(s.text, s.params)));
  for (const write of change.writes(basket, rows)) await query(write.text, write.params);
}

/**
 * Builds a guest basket with the given id in one transaction, by the basket API's own changes and rules (items and
 * options, one kitchen, delivery, discount code): all of it or, when a rule fails, nothing, so that a repeat starts
 * afresh. A basket with this id that exists already is left as it is (the caller makes the id from what the basket
 * holds, so it holds the same). Unlike changeBasket, one call per change would leave a half-built basket behind.
 */
export async function buildBasket(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  input: { basketId: string; content: BasketContent },
): Promise<void> {
  const { basketId, content } = input;
  await transaction(db, async ({ query }) => {
    // A concurrent call for the same id waits at this insert until the first commits, then finds the basket.
    const created = await run(query, basketSql.createBuiltBasket, { basketId, at: now().toISOString() });
    if (created.length === 0) return;
    for (const item of content.items) await apply(query, basketId, addItem(item, now()));
    await apply(query, basketId, setDelivery(content.delivery));
    if (content.discountCode) await apply(query, basketId, applyDiscount(content.discountCode, now()));
  });
}
