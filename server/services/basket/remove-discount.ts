import { removeDiscount as removeDiscountFrom } from '#domain/basket/transitions.ts';
import { discountStatement } from './change-parts.ts';
import type { BasketChange } from './write.ts';

/** Takes the discount code off the basket (the rules: removeDiscount of the domain). */
export const removeDiscount: BasketChange = {
  writes: (basket) => [discountStatement(basket.id, removeDiscountFrom(basket))],
};
