import type { Row } from '#db/predicted-write.ts';
import * as basketSql from '#db/statements/basket.ts';
import type { BasketState, KitchenFacts } from '#domain/basket/transitions.ts';
import type { LockedBasket, Statement } from './write.ts';

// The facts and statements more than one basket change uses.

export const stateOf = (basket: Pick<LockedBasket, 'restaurantId' | 'country'>): BasketState => ({
  restaurantId: basket.restaurantId,
  country: basket.country,
});

/** The country and delivery options of the kitchen the basket holds food of (no row: no kitchen yet). */
export const kitchenRead = (basketId: string | null): Statement => basketSql.readKitchen.bind({ basketId });

export const kitchenOf = (rows: Row[] | undefined): KitchenFacts => basketSql.readKitchen.decode(rows ?? [])[0] ?? null;

/** The statement of a discount patch: the code's id, or none. */
export const discountStatement = (basketId: string, patch: { discountCodeId: number | null }): Statement =>
  patch.discountCodeId === null
    ? basketSql.removeCode.bind({ basketId })
    : basketSql.setCode.bind({ basketId, discountCodeId: patch.discountCodeId });
