import { Temporal } from 'temporal-polyfill';
import type { Row } from '#db/predicted-write.ts';
import * as basketSql from '#db/statements/basket.ts';
import {
  applyDiscount as applyDiscountTo,
  type DiscountCodeFacts,
  type PromotionBasket,
} from '#domain/basket/transitions.ts';
import { timeZoneOf } from '#domain/country.ts';
import { countryOf } from '#domain/money.ts';
import { discountStatement, kitchenOf, kitchenRead } from './change-parts.ts';
import { promotionRulesOf } from './priced.ts';
import type { BasketChange } from './write.ts';

/*
 * A discount code: which facts it reads (and predicts, decision 032), which transition of server/domain/basket/transitions.ts
 * decides, and the statements that write its patch.
 */

function promotionBasketOf(rows: Row[] | undefined, country: string, now: Date): PromotionBasket {
  const [row] = basketSql.readPromotionBasket.decode(rows ?? []);
  return {
    now: Temporal.Instant.fromEpochMilliseconds(now.getTime()),
    timeZone: timeZoneOf(countryOf(country)),
    restaurant:
      row?.restaurantId != null && row.conceptId != null ? { id: row.restaurantId, conceptId: row.conceptId } : null,
    lines: row?.lines ?? [],
    customerUses: row?.customerUses ?? 0,
    customerOrders: row?.customerOrders ?? 0,
  };
}

const codeOf = (rows: Row[] | undefined): DiscountCodeFacts => {
  const [row] = basketSql.readCode.decode(rows ?? []);
  return row ? { ...row, rules: promotionRulesOf(row.rules) } : null;
};

/** Applies a discount code, in any case (the rules: applyDiscount of the domain, with the code's own at `now`). */
export function applyDiscount(code: string, now: Date): BasketChange {
  const text = code.trim().toUpperCase();
  return {
    reads: (basketId) => [
      basketSql.readCode.bind({ code: text }),
      kitchenRead(basketId),
      basketSql.readPromotionBasket.bind({ basketId, code: text }),
    ],
    writes: (basket, [codes, kitchens, promotion]) => {
      const kitchen = kitchenOf(kitchens);
      const facts = {
        code: codeOf(codes),
        kitchen,
        basket: promotionBasketOf(promotion, kitchen?.country ?? basket.country, now),
      };
      return [discountStatement(basket.id, applyDiscountTo(basket, facts))];
    },
  };
}
