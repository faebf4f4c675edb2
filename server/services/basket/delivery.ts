import { RuleError } from '#domain/errors.ts';
import { checkoutFormRules, validate as validateForm } from '#domain/forms.ts';
import { countryOf, type Country } from '#domain/money.ts';
import type { DeliveryMethod } from '#domain/pricing.ts';
import { validationError } from '#server/errors.ts';
import type { BasketAddress } from '#domain/addresses.ts';
import type { BasketChange, Statement } from './write.ts';

const addressRules = {
  street: checkoutFormRules.street,
  streetNo: checkoutFormRules.streetNo,
  city: checkoutFormRules.city,
  zip: checkoutFormRules.zip,
};

/** The country and delivery options of the kitchen the basket holds food of (no row: no kitchen yet). */
const KITCHEN_SQL = `select l.country, l.pickup_enabled as "pickupEnabled", l.delivery_enabled as "deliveryEnabled"
from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
where b.id = $1::text::uuid`;

type Kitchen = { country: string; pickupEnabled: boolean; deliveryEnabled: boolean };

const kitchenRead = (basketId: string | null): Statement => ({ text: KITCHEN_SQL, params: [basketId] });

/**
 * How and where to deliver. The address is checked with the country's rules (zip pattern), the
 * country must be the kitchen's once the basket holds a restaurant's food (restaurantLocation:
 * clear the basket to switch), and the method must be one the kitchen offers.
 */
export function setDelivery(input: {
  deliveryMethod: DeliveryMethod;
  country?: Country | undefined;
  address?: BasketAddress | null | undefined;
}): BasketChange {
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
      const kitchen = (kitchens?.[0] as Kitchen | undefined) ?? null;
      const country = input.country ?? (kitchen ? countryOf(kitchen.country) : countryOf(basket.country));
      if (kitchen && kitchen.country !== country) {
        throw new RuleError('restaurantLocation', 'the basket holds food of a restaurant in another country');
      }
      if (kitchen && input.deliveryMethod === 'pickup' && !kitchen.pickupEnabled) {
        throw validationError({ deliveryMethod: 'pickupUnavailable' });
      }
      if (kitchen && input.deliveryMethod !== 'pickup' && !kitchen.deliveryEnabled) {
        throw validationError({ deliveryMethod: 'deliveryUnavailable' });
      }
      let address: BasketAddress | null | undefined = input.address;
      if (address) {
        const errors = validateForm(addressRules, address, { country });
        if (Object.keys(errors).length > 0) {
          throw validationError(
            Object.fromEntries(Object.entries(errors).map(([field, rule]) => [`address.${field}`, rule])),
          );
        }
        address = { ...address, zip: address.zip.trim() };
      }
      return [
        {
          // Leaving the address out keeps the one given before (switching to pickup and back loses nothing).
          text: `update baskets set delivery_method = $2::text, country = $3::text,
            address = case when $4::boolean then $5::text::jsonb else address end
            where id = $1::text::uuid`,
          params: [
            basket.id,
            input.deliveryMethod,
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

/**
 * Applies a discount code (any case). discountCode: no such code, or a code of another country;
 * discountNotActive: switched off or used up.
 */
export function applyDiscount(code: string): BasketChange {
  return {
    reads: (basketId) => [{ text: CODE_SQL, params: [code.trim().toUpperCase()] }, kitchenRead(basketId)],
    writes: (basket, [codes, kitchens]) => {
      const row = codes?.[0] as
        { id: number; country: string; active: boolean; used: number; quantity: number } | undefined;
      if (!row) throw new RuleError('discountCode', 'no such discount code');
      const kitchen = kitchens?.[0] as Kitchen | undefined;
      const country = kitchen?.country ?? basket.country;
      if (row.country !== country)
        throw new RuleError('discountCode', `the code is for ${row.country}, not ${country}`);
      if (!row.active || row.used >= row.quantity) throw new RuleError('discountNotActive', 'the code is not active');
      return [
        {
          text: 'update baskets set discount_code_id = $2::int where id = $1::text::uuid',
          params: [basket.id, row.id],
        },
      ];
    },
  };
}

export const removeDiscount: BasketChange = {
  writes: (basket) => [
    { text: 'update baskets set discount_code_id = null where id = $1::text::uuid', params: [basket.id] },
  ],
};
