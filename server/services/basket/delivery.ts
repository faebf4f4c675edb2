import type { Row } from '#db/predicted-write.ts';
import {
  applyDiscount as applyDiscountTo,
  removeDiscount as removeDiscountFrom,
  setDelivery as setDeliveryOf,
  type DeliveryInput,
  type DiscountCodeFacts,
  type KitchenFacts,
} from '#domain/basket/transitions.ts';
import type { BasketChange, Statement } from './write.ts';
import { Temporal } from 'temporal-polyfill';
import type { PromotionBasket } from '#domain/basket/transitions.ts';
import { timeZoneOf } from '#domain/country.ts';
import { countryOf } from '#domain/money.ts';
import { promotionRulesOf } from './priced.ts';
import * as basketSql from '#db/statements/basket.ts';

/*
 * How and where to deliver, and the discount code: which facts each change reads, which transition of
 * server/domain/basket/transitions.ts decides, and the statement that writes its patch.
 */

const kitchenRead = (basketId: string | null): Statement => basketSql.readKitchen.bind({ basketId });

const kitchenOf = (rows: Row[] | undefined): KitchenFacts => basketSql.readKitchen.decode(rows ?? [])[0] ?? null;

/** How and where to deliver (the rules: setDelivery of the domain). */
export function setDelivery(input: DeliveryInput): BasketChange {
  return {
    reads: (basketId) => [kitchenRead(basketId)],
    // The kitchen is the restaurant's location, as the basket's last answer named it.
    predict: ({ restaurantId, location }) => [
      restaurantId === null || !location
        ? []
        : [
            {
              country: location.country,
              pickupEnabled: location.pickupEnabled,
              deliveryEnabled: location.deliveryEnabled,
            },
          ],
    ],
    writes: (basket, [kitchens]) => {
      const { deliveryMethod, country, address } = setDeliveryOf(basket, { kitchen: kitchenOf(kitchens) }, input);
      return [
        basketSql.setDelivery.bind({
          basketId: basket.id,
          deliveryMethod,
          country,
          addressGiven: address !== undefined,
          address: address === undefined || address === null ? null : JSON.stringify(address),
        }),
      ];
    },
  };
}

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

/** The statement of a discount patch: the code's id, or none. */
const discountStatement = (basketId: string, patch: { discountCodeId: number | null }): Statement =>
  patch.discountCodeId === null
    ? basketSql.removeCode.bind({ basketId })
    : basketSql.setCode.bind({ basketId, discountCodeId: patch.discountCodeId });

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

export const removeDiscount: BasketChange = {
  writes: (basket) => [discountStatement(basket.id, removeDiscountFrom(basket))],
};
