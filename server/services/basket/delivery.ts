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

/*
 * How and where to deliver, and the discount code: which facts each change reads, which transition of
 * server/domain/basket/transitions.ts decides, and the statement that writes its patch.
 */

/** The country and delivery options of the kitchen the basket holds food of (no row: no kitchen yet). */
const KITCHEN_SQL = `select l.country, l.pickup_enabled as "pickupEnabled", l.delivery_enabled as "deliveryEnabled"
from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
where b.id = $1::text::uuid`;

const kitchenRead = (basketId: string | null): Statement => ({ text: KITCHEN_SQL, params: [basketId] });

const kitchenOf = (rows: Row[] | undefined): KitchenFacts => (rows?.[0] as KitchenFacts | undefined) ?? null;

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
        {
          // Leaving the address out keeps the one given before (switching to pickup and back loses nothing).
          text: `update baskets set delivery_method = $2::text, country = $3::text,
            address = case when $4::boolean then $5::text::jsonb else address end
            where id = $1::text::uuid`,
          params: [
            basket.id,
            deliveryMethod,
            country,
            address !== undefined,
            address === undefined || address === null ? null : JSON.stringify(address),
          ],
        },
      ];
    },
  };
}

const CODE_SQL = `select id, country, active, used, quantity from discount_codes where upper(code) = $1::text limit 1`;

/** The statement of a discount patch: the code's id, or none. */
const discountStatement = (basketId: string, patch: { discountCodeId: number | null }): Statement =>
  patch.discountCodeId === null
    ? { text: 'update baskets set discount_code_id = null where id = $1::text::uuid', params: [basketId] }
    : {
        text: 'update baskets set discount_code_id = $2::int where id = $1::text::uuid',
        params: [basketId, patch.discountCodeId],
      };

/** Applies a discount code, in any case (the rules: applyDiscount of the domain). */
export function applyDiscount(code: string): BasketChange {
  return {
    reads: (basketId) => [{ text: CODE_SQL, params: [code.trim().toUpperCase()] }, kitchenRead(basketId)],
    writes: (basket, [codes, kitchens]) => {
      const facts = { code: (codes?.[0] as DiscountCodeFacts | undefined) ?? null, kitchen: kitchenOf(kitchens) };
      return [discountStatement(basket.id, applyDiscountTo(basket, facts))];
    },
  };
}

export const removeDiscount: BasketChange = {
  writes: (basket) => [discountStatement(basket.id, removeDiscountFrom(basket))],
};
