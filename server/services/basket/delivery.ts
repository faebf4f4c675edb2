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
import { fromJson, PROMOTION_RULES_SQL, promotionRulesOf } from './priced.ts';

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

const CODE_SQL = `select id, country, active, used, quantity, ${PROMOTION_RULES_SQL('discount_codes')} as rules
from discount_codes where upper(code) = $1::text limit 1`;

/**
 * What a code's rules judge (issue 38): the basket's restaurant and brand, each line's category and value (linePrice
 * in SQL: the item's price unless it resets prices, plus its options', times the quantity), and the basket's
 * account's uses of the code and orders that were not canceled or rejected. No row: a basket not written yet.
 */
const PROMOTION_BASKET_SQL = `select r.id as "restaurantId", r.concept_id as "conceptId",
  (select coalesce(json_agg(json_build_object('categoryId', mi.category_id, 'value',
      ((case when mi.reset_prices then 0 else mi.price end)
        + coalesce((select sum(o.price) from modifier_options o where o.id = any(bi.option_ids)), 0)) * bi.quantity)),
    '[]')
    from basket_items bi join menu_items mi on mi.id = bi.menu_item_id where bi.basket_id = b.id) as lines,
  (select count(*) from discount_redemptions dr join discount_codes d on d.id = dr.discount_code_id
    where upper(d.code) = $2::text and dr.customer = 'user:' || b.user_id::text)::int as "customerUses",
  (select count(*) from orders o where o.user_id = b.user_id and o.status not in ('canceled', 'rejected'))::int
    as "customerOrders"
from baskets b left join restaurants r on r.id = b.restaurant_id
where b.id = $1::text::uuid`;

type PromotionBasketRow = {
  restaurantId: number | null;
  conceptId: number | null;
  lines: unknown;
  customerUses: number;
  customerOrders: number;
};

function promotionBasketOf(rows: Row[] | undefined, country: string, now: Date): PromotionBasket {
  const row = rows?.[0] as PromotionBasketRow | undefined;
  return {
    now: Temporal.Instant.fromEpochMilliseconds(now.getTime()),
    timeZone: timeZoneOf(countryOf(country)),
    restaurant:
      row?.restaurantId != null && row.conceptId != null ? { id: row.restaurantId, conceptId: row.conceptId } : null,
    lines: fromJson<PromotionBasket['lines']>(row?.lines, []),
    customerUses: row?.customerUses ?? 0,
    customerOrders: row?.customerOrders ?? 0,
  };
}

const codeOf = (rows: Row[] | undefined): DiscountCodeFacts => {
  const row = rows?.[0] as (NonNullable<DiscountCodeFacts> & { rules: unknown }) | undefined;
  return row ? { ...row, rules: promotionRulesOf(row.rules) } : null;
};

/** The statement of a discount patch: the code's id, or none. */
const discountStatement = (basketId: string, patch: { discountCodeId: number | null }): Statement =>
  patch.discountCodeId === null
    ? { text: 'update baskets set discount_code_id = null where id = $1::text::uuid', params: [basketId] }
    : {
        text: 'update baskets set discount_code_id = $2::int where id = $1::text::uuid',
        params: [basketId, patch.discountCodeId],
      };

/** Applies a discount code, in any case (the rules: applyDiscount of the domain, with the code's own at `now`). */
export function applyDiscount(code: string, now: Date): BasketChange {
  const text = code.trim().toUpperCase();
  return {
    reads: (basketId) => [
      { text: CODE_SQL, params: [text] },
      kitchenRead(basketId),
      { text: PROMOTION_BASKET_SQL, params: [basketId, text] },
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
