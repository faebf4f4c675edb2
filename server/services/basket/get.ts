import type { AppDeps } from '#server/context.ts';
import { emptyBasket, loadPricedBasket, type PricedBasket } from './priced.ts';
import { findBasket, type BasketOwner } from './writable.ts';

/**
 * The visitor's basket priced now, for reading: their collecting basket (findBasket) and its price
 * (loadPricedBasket), two statements. `basketId` is the basket found, which the cookie should name, or null when
 * there is none; `basket` is then an empty one, as it is when the basket vanished between the two reads.
 */
export async function getBasket(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  input: { owner: BasketOwner },
): Promise<{ basketId: string | null; basket: PricedBasket }> {
  const now = clock();
  const found = await findBasket({ db }, { owner: input.owner });
  if (!found) return { basketId: null, basket: emptyBasket() };
  const basket = await loadPricedBasket(db, found.id, now);
  return { basketId: found.id, basket: basket ?? emptyBasket() };
}
