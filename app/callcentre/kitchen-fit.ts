/**
 * How a restaurant's dishes would go with the caller's basket, as the finder and the menu tell the agent before the
 * server answers (issue 35). Only a hint: the basket's own rules decide (restaurantLocation, mishmashedLocations).
 * - free: the basket is empty, any restaurant will do;
 * - inBasket: the basket already holds this restaurant's food;
 * - sameBasket: another brand cooked in the same kitchen, which shares baskets: its dishes join this basket;
 * - needsEmpty: another kitchen (or one that does not share baskets): the basket must be emptied first.
 */
export type KitchenFit = 'free' | 'inBasket' | 'sameBasket' | 'needsEmpty';

/** The basket as the server priced it: `shared` says its location takes every brand cooked there. */
type BasketPart = {
  lines: readonly { kitchen: { restaurantId: number } }[];
  location: { id: number } | null;
  shared: boolean;
};

export function kitchenFit(
  basket: BasketPart | null,
  restaurant: { id: number; location: { id: number } },
): KitchenFit {
  if (!basket || basket.lines.length === 0 || !basket.location) return 'free';
  if (basket.lines.some((line) => line.kitchen.restaurantId === restaurant.id)) return 'inBasket';
  if (basket.shared && restaurant.location.id === basket.location.id) return 'sameBasket';
  return 'needsEmpty';
}

/** The kitchen whose other brands the finder offers first: the basket's, when it has food and shares baskets. */
export function sharingKitchen(basket: BasketPart | null): { id: number } | null {
  return basket && basket.lines.length > 0 && basket.shared ? basket.location : null;
}
