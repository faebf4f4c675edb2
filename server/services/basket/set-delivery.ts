import * as basketSql from '#db/statements/basket.ts';
import { setDelivery as setDeliveryOf, type DeliveryInput } from '#domain/basket/transitions.ts';
import { kitchenOf, kitchenRead } from './change-parts.ts';
import type { BasketChange } from './write.ts';

/*
 * How and where to deliver: which facts it reads (and predicts, decision 032), which transition of server/domain/basket/transitions.ts
 * decides, and the statements that write its patch.
 */

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
