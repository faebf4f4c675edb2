import * as basketSql from '#db/statements/basket.ts';
import { clear } from '#domain/basket/transitions.ts';
import { stateOf } from './change-parts.ts';
import type { BasketChange, Statement } from './write.ts';

/** Empties the basket: no lines, no restaurant, no discount code. How and where to deliver stays. */
export const clearBasket: BasketChange = {
  writes: (basket) => clearStatements(basket.id, clear(stateOf(basket))),
};

function clearStatements(basketId: string, _patch: ReturnType<typeof clear>): Statement[] {
  return [basketSql.deleteLines.bind({ basketId }), basketSql.clearKitchenAndCode.bind({ basketId })];
}
